#pragma once

// Internal to the NetBox reader: the records read from the pages
// (netboxrecords.cpp) before the graph is built from them (netboxreader.cpp).

#include "core/formats/netbox/netboxreader.h"

#include <string>
#include <vector>

namespace Railyard::Netbox::Detail {

/// Where an entry was read: its file and JSON pointer.
struct Origin
{
    QString file;
    std::string path; ///< "/results/3", "/cables/0/results/3"
};

struct DeviceRecord
{
    long long id = -1;
    std::string name;  ///< empty when NetBox has none (unnamed devices)
    std::string role;  ///< the role's slug and name, "slug name"
    std::string model; ///< device_type.model
    std::string site, rack;
    Origin origin;
};

struct InterfaceRecord
{
    long long id = -1;
    long long deviceId = -1;
    std::string device; ///< the device's name; empty when only its id is given
    std::string name;
    std::string type; ///< type.value: "400gbase-x-osfp", "infiniband-ndr"
    double gbps = 0;  ///< from `speed` (kbps); 0 = not given
    bool mgmtOnly = false;
    bool cabled = false;
    Origin origin;
};

/// One end of a cable.
struct Termination
{
    std::string objectType; ///< "dcim.interface", "dcim.frontport", …
    long long objectId = -1;
    long long deviceId = -1;
    std::string device; ///< empty when the page gives only the object's id
    std::string name;   ///< the interface's name; empty when only its id is given
    std::string path;   ///< JSON pointer of the termination
};

struct CableRecord
{
    long long id = -1;
    std::string status; ///< "connected", "planned", "decommissioning"; empty = connected
    std::string label;
    std::vector<Termination> a, b;
    Origin origin;
};

/// Everything read from the sources, and what went wrong.
struct Records
{
    std::vector<DeviceRecord> devices;
    std::vector<InterfaceRecord> interfaces;
    std::vector<CableRecord> cables;
    std::vector<FormatError> errors;
    std::vector<FormatError> warnings;
    /// The largest "count" of the devices, interfaces and cables pages: how
    /// many NetBox holds, to report pages left out.
    long long reported[3] = {0, 0, 0};
};

/// Parses one source's pages into `records`; errors and warnings name the
/// file and the JSON pointer of what they are about.
void parseSource(const Source &source, Records &records);

/// Gb/s of a NetBox interface type value: "400gbase-x-osfp" → 400,
/// "infiniband-ndr" → 400 (4X), "1000base-t" → 1; 0 when it does not say.
double gbpsFromType(const std::string &type);

} // namespace Railyard::Netbox::Detail
