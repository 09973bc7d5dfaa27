#include "core/health/telemetry.h"

namespace Railyard {

std::int64_t TelemetryFrame::presentLinkSamples() const
{
    std::int64_t n = 0;
    for (const LinkSample &s : links)
        n += s.present ? 1 : 0;
    return n;
}

} // namespace Railyard
