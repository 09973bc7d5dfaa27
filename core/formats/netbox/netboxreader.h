#pragma once

// Reading NetBox's REST API pages (GET /api/dcim/devices/, /interfaces/,
// /cables/ saved as JSON) into a fabric (docs/fabric-format.md, "NetBox REST
// pages"). Each page is {"count","next","previous","results":[…]}; a file
// holds one page, an array of pages, or {"devices":…, "interfaces":…,
// "cables":…} with pages or result arrays under each key. Pages are told
// apart by their results' shape: cables have terminations, devices a
// device_type, interfaces a device and a type.
//
// Devices' roles decide hosts and switch tiers (leaf/ToR, spine, core or
// super-spine; server, GPU, compute, host), racks and sites become locations,
// interface speeds (or their type: 400gbase-…, infiniband-ndr) the link
// rates. Every cabled host interface is one NIC; a switch's ports are
// numbered from its interface names. Devices without a known role are left to
// the shared import builder (core/formats/importgraph) to classify.
// Cables that are not connected, run to patch panels or to anything but an
// interface are reported and skipped, never dropped silently.

#include "core/formats/fileformat.h"

#include <QByteArray>

#include <vector>

namespace Railyard::Netbox {

/// One page file as read: its name (for messages) and its bytes.
struct Source
{
    QString fileName;
    QByteArray bytes;
};

/// Reads the pages of all sources as one fabric named after `fabricName`
/// (a file or folder). Malformed entries are errors naming the file and the
/// JSON pointer of the entry; every one is reported.
ReadResult read(const std::vector<Source> &sources, const QString &fabricName);

/// Whether these bytes (a file's beginning) look like a NetBox REST page: a
/// JSON object with a "results" array.
bool looksLikePage(const QByteArray &head);

} // namespace Railyard::Netbox
