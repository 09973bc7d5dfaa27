#pragma once

#include <QColor>

namespace Railyard {

/// Colour of a switch on the canvas (and in legends) by its oversubscription
/// ratio (down capacity / up capacity, domain.md §3): ratio <= 1 (1:1 or
/// better) green, <= 2 yellow, <= 4 orange, above 4 red. NaN (top tier, no
/// uplinks) is steel blue. The same thresholds are used by the analysis legend.
QColor oversubscriptionColour(double ratio);

/// Colour of rail `rail` (0-based): 8 well-separated hues, cycling for
/// rail >= 8 (negative rails wrap too). Mid lightness and saturation so a rail
/// reads on both light and dark canvas backgrounds.
QColor railColour(int rail);

/// Colour of failed links and switches (what-if).
QColor failedColour();

/// Colour of links in the bisection cut.
QColor cutColour();

/// Number of utilization bands of the link heatmap.
constexpr int heatBands = 5;
/// Band of a link utilization (0 = idle .. 1 = full): < 25 %, < 50 %, < 75 %, < 90 %, >= 90 %.
int heatBand(double utilization);
/// Colour of a heatmap band: blue, green, yellow, orange, red.
QColor heatColour(int band);
/// Legend text of a heatmap band, e.g. "< 25 %".
const char *heatBandLabel(int band);

/// Colour of an intent-diff mark (ComparisonOverlay::Mark): 1 added (newly
/// allowed), 2 removed (newly denied), 3 changed (both); anything else is
/// grey. Blue and vermillion (Okabe–Ito) and wine (Paul Tol): simulated
/// deuteranopia, protanopia and tritanopia keep the three apart from each
/// other, from grey and from white (CIELAB distance >= 28).
QColor intentDiffColour(int mark);

/// Colour of a live link-health state (HealthOverlay::State): 0 no data
/// light grey, 1 healthy bluish green, 2 below its nominal rate yellow, 3
/// alarm vermillion, 4 down black-violet (reddish purple, Okabe–Ito). The
/// bad states differ in lightness too, so they stay apart under
/// deuteranopia, protanopia and tritanopia.
QColor healthColour(int state);
/// Outline of suspect hosts and switches (alarmed links' ends, hung or slow ranks' hosts).
QColor healthSuspectColour();

/// Outline and label of a multi-host NVLink domain: the GPUs' green, darker
/// on light backgrounds so a 1.5-pixel outline and small text stay legible.
QColor nvlinkDomainColour(bool dark);

/// Fill of a rack on the floor view by the share of its power budget it
/// draws: up to 80 % bluish green, up to 100 % orange, over budget
/// vermillion (Okabe–Ito, apart under the common colour blindnesses). A
/// share < 0 (no budget) is a neutral blue.
QColor rackPowerColour(double shareOfBudget);

/// Colour of a cable drawn on the floor view by its part's kind
/// (CableKind as int: copper orange, active copper yellow, active optical
/// reddish purple, multimode sky blue, single mode blue); -1 (no part
/// reaches) vermillion.
QColor cableKindColour(int kind);

} // namespace Railyard
