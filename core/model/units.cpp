#include "core/model/units.h"

namespace Railyard {

QString formatBytes(double bytes)
{
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 5) {
        bytes /= 1024.0;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(bytes, 0, 'f', u == 0 ? 0 : (bytes < 10 ? 2 : 1)).arg(QLatin1String(units[u]));
}

} // namespace Railyard

namespace Railyard {

QString formatParameters(double p)
{
    if (p >= 1e12)
        return QStringLiteral("%1T").arg(p / 1e12, 0, 'f', 2);
    if (p >= 1e9)
        return QStringLiteral("%1B").arg(p / 1e9, 0, 'f', 1);
    return QStringLiteral("%1M").arg(p / 1e6, 0, 'f', 1);
}

} // namespace Railyard
