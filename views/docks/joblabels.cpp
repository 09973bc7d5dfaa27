#include "views/docks/joblabels.h"

namespace Railyard {

QString JobLabels::strategy(PlacementStrategy s)
{
    switch (s) {
    case PlacementStrategy::Topology: return tr("topology");
    case PlacementStrategy::Linear: return tr("linear");
    case PlacementStrategy::Random: return tr("random");
    }
    return {};
}

QString JobLabels::mode(RoutingMode m, int ecmpSeeds)
{
    switch (m) {
    case RoutingMode::Fluid: return tr("fluid ECMP");
    case RoutingMode::Ecmp: return tr("ECMP (%n seeds)", nullptr, ecmpSeeds);
    case RoutingMode::Adaptive: return tr("adaptive");
    case RoutingMode::Hashed: return tr("ECMP hashing (pinned)");
    case RoutingMode::Static: return tr("static routing (ftree tables)");
    }
    return {};
}

QString JobLabels::tier(FlowTier t)
{
    switch (t) {
    case FlowTier::Host: return tr("host (NVLink)");
    case FlowTier::Leaf: return tr("same leaf");
    case FlowTier::Su: return tr("same SU");
    case FlowTier::Pod: return tr("same pod");
    case FlowTier::Zone: return tr("same zone");
    case FlowTier::CrossZone: return tr("across zones");
    }
    return {};
}

QString JobLabels::kind(ParallelKind k)
{
    switch (k) {
    case ParallelKind::Tp: return tr("TP");
    case ParallelKind::Cp: return tr("CP");
    case ParallelKind::Pp: return tr("PP");
    case ParallelKind::Dp: return tr("DP");
    case ParallelKind::Ep: return tr("EP");
    }
    return {};
}

} // namespace Railyard
