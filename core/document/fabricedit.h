#pragma once

// A structural change of a fabric as data: elements removed, added and
// modified, with everything needed to apply it forward and backward exactly
// (element order included, so undo gives back the same serialized file).
//
// Indices: removed elements carry their index in the fabric before the edit,
// added and modified ones their index after it. Links carry the ids of their
// ends, resolved when the link is (re)inserted, so node renumbering never
// leaks into a stored edit. Forward: remove, insert, modify. Backward:
// unmodify, remove the added, re-insert the removed.

#include "core/model/fabric.h"

#include <QPointF>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

/// A link as stored in an edit: the link plus the ids of its ends.
struct LinkRecord
{
    Link link;
    std::string aId;
    std::string bId;
};

/// Properties set at once on a selection; unset fields are left alone.
struct PropertyEdit
{
    std::optional<double> capacityGbps; ///< links
    std::optional<std::string> model;   ///< switches
    std::optional<int> radix;           ///< switches
    std::optional<Tier> tier;           ///< switches
    std::optional<std::string> gpuModel; ///< hosts
    std::optional<std::string> nvlinkDomain; ///< hosts; "" takes them out of their domain

    bool isEmpty() const { return !capacityGbps && !model && !radix && !tier && !gpuModel && !nvlinkDomain; }
};

struct FabricEdit
{
    template<typename T>
    struct Indexed
    {
        std::int32_t index = -1;
        T value;
        bool failed = false; ///< the element's what-if flag (switches and links)
    };
    template<typename T>
    struct Modified
    {
        std::int32_t index = -1;
        T before;
        T after;
    };
    struct Pin
    {
        std::string id;
        std::optional<QPointF> before;
        std::optional<QPointF> after;
    };

    std::vector<Indexed<Host>> removedHosts;
    std::vector<Indexed<Switch>> removedSwitches;
    std::vector<Indexed<LinkRecord>> removedLinks;
    std::vector<Indexed<Host>> addedHosts;
    std::vector<Indexed<Switch>> addedSwitches;
    std::vector<Indexed<LinkRecord>> addedLinks;
    std::vector<Modified<Host>> modifiedHosts;
    std::vector<Modified<Switch>> modifiedSwitches;
    std::vector<Modified<LinkRecord>> modifiedLinks;
    /// Pins that change with the edit (renamed or removed nodes).
    std::vector<Pin> pins;

    bool isEmpty() const
    {
        return removedHosts.empty() && removedSwitches.empty() && removedLinks.empty() && addedHosts.empty()
            && addedSwitches.empty() && addedLinks.empty() && modifiedHosts.empty() && modifiedSwitches.empty()
            && modifiedLinks.empty() && pins.empty();
    }
};

} // namespace Railyard
