#pragma once

// The GraphML reader behind GraphmlFormat::read.

#include "core/formats/fileformat.h"

namespace Railyard {

/// Reads a GraphML fabric: Railyard's own keys, or a plain graph whose roles
/// are inferred. Errors carry the line and column; the result is validated.
/// A plainly written file takes the fast path (graphmlfast.h) unless
/// `fastPath` is false.
ReadResult readGraphml(QIODevice &device, const QString &fileName, bool fastPath = true);

} // namespace Railyard
