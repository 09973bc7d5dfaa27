#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// `railyard-cli remote connect|networks|network|create|push-intent|telemetry|incident|incidents …`:
/// the control-plane API's client for scripts (docs/api.md).
int runRemote(const QStringList &args);

} // namespace Railyard::Cli
