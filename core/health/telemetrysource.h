#pragma once

// Where telemetry comes from: the simulator, a recording, Prometheus. Each
// poll returns the next interval's frame. Sources are not thread-safe, but
// nothing ties them to a thread: the GUI owns one on a worker thread, polls
// it there and posts the plain-struct frames to the UI thread.

#include "core/health/telemetry.h"

#include <string>

namespace Railyard {

/// A source of TelemetryFrames, one per polling interval.
class TelemetrySource
{
public:
    virtual ~TelemetrySource() = default;

    /// "sim", "replay", "prometheus".
    virtual std::string kind() const = 0;
    /// Produces the next interval. A source that cannot answer returns a
    /// frame with stale = true and staleReason set (never zero samples);
    /// the interval number still advances.
    virtual TelemetryFrame poll() = 0;
    /// True when the source has nothing more to give (a replay at its end).
    virtual bool atEnd() const { return false; }
};

} // namespace Railyard
