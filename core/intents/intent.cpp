#include "core/intents/intent.h"

namespace Railyard {

const char *intentProtocolName(IntentProtocol protocol)
{
    switch (protocol) {
    case IntentProtocol::Rdma: return "rdma";
    case IntentProtocol::Tcp: return "tcp";
    case IntentProtocol::Any: break;
    }
    return "any";
}

std::optional<IntentProtocol> intentProtocolFromName(const std::string &name)
{
    for (IntentProtocol p : {IntentProtocol::Rdma, IntentProtocol::Tcp, IntentProtocol::Any}) {
        if (name == intentProtocolName(p))
            return p;
    }
    return std::nullopt;
}

const char *intentBackendName(IntentBackend backend)
{
    return backend == IntentBackend::Infiniband ? "infiniband" : "roce";
}

std::optional<IntentBackend> intentBackendFromName(const std::string &name)
{
    if (name == "roce")
        return IntentBackend::Roce;
    if (name == "infiniband")
        return IntentBackend::Infiniband;
    return std::nullopt;
}

const char *intentTopologyName(IntentTopology topology)
{
    switch (topology) {
    case IntentTopology::FatTree: return "fat_tree";
    case IntentTopology::Dragonfly: return "dragonfly";
    case IntentTopology::RailOptimized: break;
    }
    return "rail_optimized";
}

std::optional<IntentTopology> intentTopologyFromName(const std::string &name)
{
    for (IntentTopology t : {IntentTopology::RailOptimized, IntentTopology::FatTree, IntentTopology::Dragonfly}) {
        if (name == intentTopologyName(t))
            return t;
    }
    return std::nullopt;
}

} // namespace Railyard
