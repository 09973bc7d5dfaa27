#pragma once

// Bill of materials and cabling plan of a fabric (docs/cli.md, "bom" and
// "cabling"): switches per tier and model with ports used and free, NICs,
// cables by part and stock length and their transceivers, and their cost and
// power from a catalog (resources/bom/catalog.json, compiled in; a user's
// copy overrides it).
//
// One basis everywhere (the bom and floor commands, compare-designs, the
// explorer, the BOM dialog and the Floor dock all call buildBom or read the
// same runs): the cabling is priced from each link's run on the design's
// floor, or on the automatic floor (autoFloor) when the design has none; a
// NIC without a model is priced as its GPU's reference NIC, a switch without
// one as the catalogue's "default" switch. The bill says which basis and
// which defaults it used.

#include "core/floor/cableruns.h"
#include "core/model/fabric.h"

#include <QString>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// One breakout mode of a switch or NIC: `ports` ports at `gbps` each.
struct Breakout
{
    int ports = 0;
    double gbps = 0;
};

/// The switch and NIC catalogue (docs/catalog.md), with the cables and
/// transceivers of the bill of materials: resources/bom/catalog.json compiled
/// in, a user's file over it (withOverrides).
struct BomCatalog
{
    struct Item
    {
        std::string slug; ///< its key: "qm9700", "connectx-7", "in_row"
        std::string description;
        double price = 0;
        double watts = 0;
        bool optical = false; ///< cables: needs a transceiver at each end

        // Switches and NICs.
        std::string model;  ///< the name a fabric records ("QM9700"); the slug when not given
        std::string vendor;
        std::vector<Transport> transports; ///< a switch's one transport; the ones a NIC speaks
        std::vector<Breakout> breakouts;   ///< as listed: ports and speed per breakout mode
        bool inNetworkReduction = false;   ///< SHARP-style reduction in the switch (or its NIC offload)
        bool adaptiveRouting = false;
        bool packetSpraying = false;
        /// Where each figure comes from: "breakouts", "capabilities", "price",
        /// "watts" (cables and transceivers: their price and watts keys).
        std::map<std::string, std::string> sources;

        /// The breakout whose ports run at `gbps`, nullptr when none does.
        const Breakout *breakoutAt(double gbps) const;
        bool speaks(Transport transport) const;
        /// "400G, 200G": the speeds of the breakouts.
        std::string speedsText() const;
    };
    std::string currency = "USD";
    std::map<std::string, Item> switches;     ///< by slug; "default" for models not listed
    std::map<std::string, Item> nics;         ///< by slug
    /// The interconnects a cable run on the floor chooses from, by reach
    /// (docs/floor.md); a user's file replaces an entry by slug or adds one.
    CablePartCatalog cableParts;

    /// The catalog shipped in resources/bom/catalog.json.
    static const BomCatalog &defaults();
    /// Parses a whole catalog; std::nullopt and *error (with the JSON pointer) when malformed.
    static std::optional<BomCatalog> fromJson(const std::string &text, std::string *error);
    /// The built-in catalog with a user's file over it: an entry whose key is
    /// a built-in slug or model name (any case) replaces the fields it gives
    /// and keeps the rest; other entries are added. A figure the file gives
    /// without a source is cited as `sourceName`. *error names the file's
    /// JSON pointer.
    static std::optional<BomCatalog> withOverrides(const std::string &userText, const std::string &sourceName,
                                                   std::string *error);

    /// Figures without a source, as "/switches/qm9700/sources/watts" (the
    /// pointer the missing citation belongs at): price and watts of every
    /// entry, the breakouts and capabilities of every model with breakouts.
    std::vector<std::string> uncited() const;

    /// A user's catalogue file (at most 1 MiB) over the built-in one
    /// (withOverrides, its figures cited as "your catalogue PATH");
    /// std::nullopt and *error ("PATH: /pointer: why") when it cannot be used.
    static std::optional<BomCatalog> readUserFile(const QString &path, QString *error);

    /// A switch by slug or model name, any case; nullptr when neither.
    const Item *findSwitch(std::string_view name) const;
    /// A NIC by slug or model name, any case; nullptr when neither.
    const Item *findNic(std::string_view name) const;
};

/// "in_rack", "in_row", "between_rows" for the cable between two nodes, from
/// their locations: the cabling plan's description of a cable (not a price).
std::string cableClass(const Fabric &fabric, NodeIndex a, NodeIndex b);

/// The NIC a GPU generation's reference system carries, as a catalogue slug
/// (DGX A100: ConnectX-6; DGX H100/H200/B200 and GB200 trays: ConnectX-7):
/// what a NIC without a model is priced as.
std::string referenceNicSlug(const std::string &gpuModel);

struct BomLine
{
    std::string category; ///< "switch", "nic", "cable", "transceiver"
    std::string item;     ///< model, length class, "400G in_row"
    std::string tier;     ///< switches: leaf/spine/core; cables and transceivers: "host-leaf", "leaf-spine", …
    std::string description;
    std::int64_t count = 0;
    double unitPrice = 0, unitWatts = 0;
    double price() const { return double(count) * unitPrice; }
    double watts() const { return double(count) * unitWatts; }
};

struct BomTierTotal
{
    std::string tier; ///< "leaf", "spine", "core", "unlayered" and cable tiers "host-leaf", …
    double price = 0, watts = 0;
    std::int64_t portsUsed = 0, portsFree = 0; ///< switch tiers only
};

struct BillOfMaterials
{
    std::string fabric;
    /// The runs the cabling is priced from were laid on the automatic floor
    /// (the design has none, or the one it has was placed automatically).
    bool automaticFloor = false;
    /// Which floor, in words: "the design's floor", "the automatic floor (the
    /// design has none; docs/floor.md)".
    std::string floorBasis;
    /// What was priced on a default, one sentence each: "3,072 NICs as the
    /// ConnectX-7 (h100's reference NIC; the design names none)".
    std::vector<std::string> defaults;
    std::int64_t defaultNics = 0;     ///< NICs priced as their GPU's reference NIC
    std::int64_t defaultSwitches = 0; ///< switches priced as the catalogue's default switch
    std::int64_t unreachedCables = 0; ///< floor runs no catalogue part reaches (not priced)
    std::string currency;
    std::vector<BomLine> lines;
    std::vector<BomTierTotal> tiers; ///< cost and power per tier (switches, and the cabling of each tier pair)
    std::int64_t switches = 0, nics = 0, cables = 0, transceivers = 0;
    double price = 0, watts = 0;
};

BillOfMaterials buildBom(const Fabric &fabric, const BomCatalog &catalog = BomCatalog::defaults());
std::string bomToJson(const BillOfMaterials &bom, int indent = 2);
std::string bomToText(const BillOfMaterials &bom);

/// One row of the cabling plan: a cable and its two ends (ports 1-based, as on the hardware).
struct CableRow
{
    std::string label; ///< "C00001"
    std::string aDevice, aPort, aRack, bDevice, bPort, bRack;
    std::string lengthClass; ///< "in_rack", "in_row", "between_rows" (cableClass: a description)
    std::string cableType;   ///< "copper", "fibre"
    double gbps = 0;
    // With a floor (docs/floor.md): the run, the length ordered, the part and the route.
    double lengthM = 0, stockM = 0;
    std::string part, route;
    std::string partKind; ///< cableKindName of the part ("passive_copper" … "single_mode"); empty without one
};

std::vector<CableRow> cablingPlan(const Fabric &fabric, const BomCatalog &catalog = BomCatalog::defaults());
/// One RFC 4180 field: quoted (with "" for ") when it holds a comma, a quote or a line break.
std::string csvField(const std::string &value);

/// RFC 4180 CSV with a header: label,a_device,a_port,a_rack,b_device,b_port,b_rack,length_class,cable_type,gbps,
/// length_m,stock_m,part,route: each run on the design's floor, or the automatic one.
std::string cablingPlanCsv(const std::vector<CableRow> &rows);

} // namespace Railyard
