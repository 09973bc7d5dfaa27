#pragma once

// Reading what InfiniBand's `iblinkinfo` prints (infiniband-diags): the
// state, width and speed of every port, grouped under `Switch:` / `CA:`
// headers, or one line per port with both ends (`-l`). Peers are named by
// their node description, so descriptions must tell nodes apart. The fabric
// is built with the same inferences as the ibnetdiscover reader
// (ibnetdiscoverreader.h): hosts from "HOST DEVICE" descriptions, tiers,
// links slower than their peers imported as degraded. Lane rates are read as
// iblinkinfo prints them (signalling rates: EDR 25.78125, HDR 53.125,
// NDR 106.25 Gb/s) and imported at their nominal data rate.

#include "core/formats/fileformat.h"

#include <string_view>

namespace Railyard::Iblinkinfo {

ReadResult read(std::string_view text, const QString &fileName);

} // namespace Railyard::Iblinkinfo
