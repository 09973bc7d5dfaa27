#include "views/canvas/colours.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace Railyard {

QColor oversubscriptionColour(double ratio)
{
    if (std::isnan(ratio))
        return QColor(0x7f, 0x9c, 0xbf); // steel blue: top tier, no uplinks by design
    if (ratio <= 1.0)
        return QColor(0x2e, 0xa0, 0x43); // green: 1:1 or better
    if (ratio <= 2.0)
        return QColor(0xe6, 0xc2, 0x29); // yellow: up to 2:1
    if (ratio <= 4.0)
        return QColor(0xf0, 0x8a, 0x24); // orange: up to 4:1
    return QColor(0xd6, 0x33, 0x2e);     // red: above 4:1 (and +infinity)
}

QColor railColour(int rail)
{
    // Eight hues spread round the wheel at mid lightness (Tableau-like), so
    // each keeps contrast against both a white and a near-black canvas.
    static const std::array<QColor, 8> hues = {
        QColor(0x1f, 0x77, 0xb4), // blue
        QColor(0xff, 0x7f, 0x0e), // orange
        QColor(0x2c, 0xa0, 0x2c), // green
        QColor(0xd6, 0x27, 0x28), // red
        QColor(0x94, 0x67, 0xbd), // purple
        QColor(0x17, 0xbe, 0xcf), // cyan
        QColor(0xe3, 0x77, 0xc2), // pink
        QColor(0xbc, 0xbd, 0x22), // olive
    };
    const int n = static_cast<int>(hues.size());
    return hues[static_cast<size_t>(((rail % n) + n) % n)];
}

QColor failedColour()
{
    // Near-black: never confused with the red of > 4:1 oversubscription. The
    // canvas draws failed links dashed and failed switches crossed as well.
    return QColor(0x30, 0x30, 0x30);
}

QColor cutColour()
{
    return QColor(0xe0, 0x40, 0xfb); // magenta: distinct from every oversubscription colour
}

int heatBand(double utilization)
{
    if (!(utilization >= 0.25))
        return 0;
    if (utilization < 0.5)
        return 1;
    if (utilization < 0.75)
        return 2;
    if (utilization < 0.9)
        return 3;
    return 4;
}

QColor heatColour(int band)
{
    static const QColor colours[heatBands] = {
        QColor(0x4a, 0x7f, 0xc1), // blue: idle-ish
        QColor(0x3f, 0xa3, 0x4d), // green
        QColor(0xe0, 0xc0, 0x2a), // yellow
        QColor(0xf0, 0x84, 0x1d), // orange
        QColor(0xd7, 0x26, 0x1e), // red: the links that set the step time
    };
    return colours[std::clamp(band, 0, heatBands - 1)];
}

const char *heatBandLabel(int band)
{
    static const char *labels[heatBands] = {"< 25 %", "25–50 %", "50–75 %", "75–90 %", "≥ 90 %"};
    return labels[std::clamp(band, 0, heatBands - 1)];
}

QColor intentDiffColour(int mark)
{
    switch (mark) {
    case 1: return QColor(0x00, 0x72, 0xb2); // blue: added
    case 2: return QColor(0xd5, 0x5e, 0x00); // vermillion: removed
    case 3: return QColor(0x88, 0x22, 0x55); // wine: changed
    default: break;
    }
    return QColor(0x99, 0x99, 0x99);
}

QColor healthColour(int state)
{
    switch (state) {
    case 1: return QColor(0x00, 0x9e, 0x73); // bluish green: healthy
    case 2: return QColor(0xe6, 0x9f, 0x00); // orange-yellow: below nominal rate
    case 3: return QColor(0xd5, 0x5e, 0x00); // vermillion: alarm
    case 4: return QColor(0x5a, 0x1e, 0x4a); // dark reddish purple: down
    default: break;
    }
    return QColor(0xb8, 0xb8, 0xb8); // no data
}

QColor healthSuspectColour()
{
    return QColor(0xcc, 0x79, 0xa7); // reddish purple (Okabe–Ito)
}

QColor nvlinkDomainColour(bool dark)
{
    return dark ? QColor(0x8c, 0xd1, 0x1a) : QColor(0x4e, 0x80, 0x00);
}

QColor rackPowerColour(double shareOfBudget)
{
    if (shareOfBudget < 0)
        return QColor(120, 150, 190);
    if (shareOfBudget <= 0.8)
        return QColor(0, 158, 115);
    if (shareOfBudget <= 1.0 + 1e-9)
        return QColor(230, 159, 0);
    return QColor(213, 94, 0);
}

QColor cableKindColour(int kind)
{
    switch (kind) {
    case 0: return QColor(230, 159, 0);   // passive copper
    case 1: return QColor(200, 180, 20);  // active copper
    case 2: return QColor(204, 121, 167); // active optical
    case 3: return QColor(86, 180, 233);  // multimode
    case 4: return QColor(0, 114, 178);   // single mode
    default: return QColor(213, 94, 0);   // nothing reaches
    }
}

} // namespace Railyard
