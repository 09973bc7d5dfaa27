#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli validate FILE [--from SLUG]`: exit 0 when the file loads
/// and passes every invariant, 1 otherwise (problems on stderr).
int runValidate(const QStringList &args);

} // namespace Railyard::Cli
