#pragma once
// Classes of fabric elements that a failure study may treat as one: the
// stable colouring of colour refinement (1-dimensional Weisfeiler–Leman)
// over the fabric graph.
//
// Initial colours: a host by its GPU model and count, NVLink rate, NVLS and
// the speeds of its NICs; a switch by tier, radix, model and in-network
// reduction; a link by its nominal capacity, state and degraded rate. Each
// round recolours every node by its colour and the sorted multiset of
// (link colour, neighbour colour) over its links, until the number of
// colours stops growing (at most the graph's diameter + 1 rounds). A switch
// class is the switches of one final colour; a link class is the links with
// the same (link colour, unordered pair of end colours).
//
// Colour refinement never separates two elements an automorphism maps onto
// each other, but it may join two that none does (regular graphs that are
// not symmetric). The failure studies therefore check every class of more
// than one element by evaluating a second member and fall back to element
// by element when the two disagree (resilience.h).
//
// Names and locations are not colours: two spines of different pods of a
// symmetric Clos are one class.
#include "core/model/fabric.h"

#include <cstdint>
#include <vector>

namespace Railyard {

struct Colouring
{
    std::vector<std::uint64_t> node; ///< per node (hosts, then switches)
    std::vector<std::uint64_t> link; ///< per link: the link's own label (not refined)
    int rounds = 0;
    std::int64_t colours = 0; ///< distinct node colours
};

/// The stable colouring of `fabric`. O(rounds × (N + L log d)).
Colouring refineColours(const Fabric &fabric);

/// Refines `base` further after individualizing `nodes` (each gets a colour
/// of its own): the colouring of the fabric with those nodes fixed.
Colouring refineIndividualized(const Fabric &fabric, const Colouring &base, const std::vector<NodeIndex> &nodes);

/// The class key of a switch or of a link under a colouring.
std::uint64_t switchClassKey(const Fabric &fabric, const Colouring &colouring, std::int32_t sw);
std::uint64_t linkClassKey(const Fabric &fabric, const Colouring &colouring, std::int32_t link);

} // namespace Railyard
