#pragma once

// Reading NCCL's topology XML: what NCCL_TOPO_DUMP_FILE writes and
// NCCL_TOPO_FILE loads (src/graph/xml.cc and topo.cc of NCCL 2.30; the
// static files cloud providers ship, such as Azure's ndv4-topo.xml).
// docs/fabric-format.md, "NCCL topology XML".
//
// One file describes the inside of one host (or, for a multi-node NVLink
// domain dump, one host per distinct <cpu host_hash>): CPUs, the PCI tree
// below them, GPUs with their NVLinks and NICs with their network devices.
// It names no switch and no cable, so no fabric links come from it; what it
// gives a design is each host's shape: how many GPUs of which model, which
// NICs at which speed, and — what a rail-optimized design needs — which NIC
// serves which GPU (the rails), found as NCCL finds it: the NIC sharing the
// GPU's closest PCIe switch (NCCL's PIX and PXB path types).

#include "core/formats/fileformat.h"

#include <string>
#include <string_view>
#include <vector>

namespace Railyard::NcclTopo {

/// One network device (<net>) of a host.
struct NicShape
{
    std::string name;      ///< "mlx5_3"
    int dev = -1;          ///< NCCL's net index (`dev`); NIC order
    double gbps = 0;       ///< `speed` (Mb/s) in Gb/s; 0 when the file gives none
    std::string busId;     ///< its PCI device, empty when it hangs off a CPU
    std::vector<int> gpus; ///< GPUs (`dev`) sharing its closest PCIe switch; empty: none does
    int rail = -1;         ///< the rail it serves, -1 when it serves none (a storage or management NIC)
};

/// One host as the file describes it.
struct HostShape
{
    std::string host; ///< from the <system host> attribute, else the file's base name
    int gpus = 0;
    int sm = 0;                 ///< CUDA compute capability × 10 of its GPUs (90 = Hopper)
    std::string gpuModel;       ///< from `sm`: "v100", "a100", "h100", "b200"; "sm<N>" for others
    double nvlinkGBps = 0;      ///< NVLink bandwidth per GPU, GB/s per direction (links × lane rate)
    bool nvswitch = false;      ///< the GPUs' NVLinks go to NVSwitches
    std::vector<NicShape> nics; ///< every network device, in NIC order (`dev`)
    /// The rails: railNics[r] indexes `nics`; rail r serves GPU r's closest PCIe switch.
    std::vector<int> railNics;
};

/// What one file says, or why it cannot be read.
struct ShapeResult
{
    std::vector<HostShape> hosts;
    std::vector<FormatError> errors; ///< malformed XML (line and column), no <system>, no GPU
    std::vector<FormatError> warnings;
    std::vector<Inference> inferences; ///< the rails (Kind::Rail) and the GPU model (Kind::Role)
};

/// Reads one NCCL topology XML. `fileName` names it in messages and, without
/// a host attribute, names the host (its base name up to the first dot).
ShapeResult readHostShape(std::string_view xml, const QString &fileName);

/// The fabric of these hosts: hosts only, with their GPUs, model, NVLink
/// bandwidth, NVLS and one NIC per rail; no switches and no links (a fabric
/// without links is valid; connect the hosts in the editor or generate the
/// fabric around them). `fabricName` names the fabric.
ReadResult toFabric(ShapeResult shapes, const QString &fabricName);

} // namespace Railyard::NcclTopo
