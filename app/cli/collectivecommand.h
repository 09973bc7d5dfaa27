#pragma once

#include <QStringList>

#include <optional>

namespace Railyard::Cli {

/// `railyard-cli collective FABRIC --op OP --size SIZE [--gpus N | --hosts LIST]
/// [--algorithm A] [--routing R] [--fail ID]... [--constants FILE] [--json]`:
/// estimates one collective's time, algbw and busbw (docs/cli.md).
int runCollective(const QStringList &args);

/// Parses a size: plain bytes, or a number with B, KiB, MiB, GiB, TiB
/// (powers of 1024) or KB, MB, GB, TB (powers of 1000); units are
/// case-insensitive ("8GiB", "1.5 GB", "4096"). std::nullopt when malformed,
/// not finite or not > 0.
std::optional<double> parseByteSize(const QString &text);

} // namespace Railyard::Cli
