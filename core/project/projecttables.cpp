#include "core/project/projecttables.h"

#include "core/common/limits.h"
#include "core/common/storageexception.h"
#include "core/common/sqlitestatement.h"
#include "core/floor/floorplan.h"

#include <QDateTime>

#include <cmath>

namespace Railyard {

namespace {

/// Metadata keys the fabric itself keeps ("fabric.floor"); the project's own
/// metadata never uses them.
constexpr const char *fabricKeyPrefix = "fabric.";

void requireFinite(double value, const std::string &id, const char *field)
{
    if (!std::isfinite(value))
        throw StorageException(StorageError::Kind::InvalidData,
                               QStringLiteral("cannot save: '%1': %2 is not a finite number")
                                   .arg(QString::fromStdString(id), QLatin1String(field)));
}

[[noreturn]] void damaged(const QString &what)
{
    throw StorageException(StorageError::Kind::Damaged, QStringLiteral("the project is damaged: %1").arg(what));
}

/// A name the fabric table stores ('' for "not said") as its value.
template<class T>
T namedOrDefault(const std::string &name, std::optional<T> (*fromName)(std::string_view), T fallback, const char *what)
{
    if (name.empty())
        return fallback;
    const std::optional<T> value = fromName(name);
    if (!value)
        damaged(QStringLiteral("the fabric's %1 \"%2\" is unknown")
                    .arg(QLatin1String(what), QString::fromStdString(name.substr(0, 32))));
    return *value;
}

void bindLocation(SqliteStatement &statement, int first, const Location &location)
{
    statement.bind(first, location.zone);
    statement.bind(first + 1, location.pod);
    statement.bind(first + 2, location.su);
    statement.bind(first + 3, location.rack);
}

Location readLocation(const SqliteStatement &statement, int first)
{
    return Location{statement.text(first), statement.text(first + 1), statement.text(first + 2),
                    statement.text(first + 3)};
}

/// Largest seq + 1 of a table: the element count when seq runs 0..n-1 (O(log n)).
std::int64_t rowsOf(SqliteDatabase &db, const char *sql)
{
    SqliteStatement statement(db, sql);
    return statement.next() && !statement.isNull(0) ? statement.integer(0) + 1 : 0;
}

void checkSeq(std::int64_t seq, std::int64_t expected, const char *table)
{
    if (seq != expected)
        damaged(QStringLiteral("%1 are not numbered 0..n-1 (found %2 at position %3)")
                    .arg(QLatin1String(table))
                    .arg(seq)
                    .arg(expected));
}

/// A link end from its (host, switch) column pair: exactly one is set.
NodeIndex readEnd(const SqliteStatement &row, int hostColumn, std::int32_t hosts, std::int32_t switches)
{
    const bool hasHost = !row.isNull(hostColumn);
    const bool hasSwitch = !row.isNull(hostColumn + 1);
    if (hasHost == hasSwitch)
        damaged(QStringLiteral("link '%1' does not name exactly one host or switch at an end")
                    .arg(QString::fromStdString(row.text(1))));
    const std::int64_t seq = hasHost ? row.integer(hostColumn) : row.integer(hostColumn + 1);
    if (seq < 0 || seq >= (hasHost ? hosts : switches))
        damaged(
            QStringLiteral("link '%1' refers to a missing %2")
                .arg(QString::fromStdString(row.text(1)), hasHost ? QStringLiteral("host") : QStringLiteral("switch")));
    return NodeIndex(hasHost ? seq : hosts + seq);
}

} // namespace

void ProjectTables::clear(SqliteDatabase &db)
{
    db.exec("DELETE FROM fabric; DELETE FROM hosts; DELETE FROM nics; DELETE FROM switches; DELETE FROM links;"
            "DELETE FROM pins; DELETE FROM failures; DELETE FROM jobs; DELETE FROM metadata;");
}

void ProjectTables::writeFabric(SqliteDatabase &db, const Fabric &fabric)
{
    SqliteStatement head(db, "INSERT INTO fabric(id, name, description, saved_utc, transport, routing) "
                             "VALUES (1, ?, ?, ?, ?, ?)");
    const std::string savedUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    head.bind(1, fabric.name);
    head.bind(2, fabric.description);
    head.bind(3, savedUtc);
    // Static names: bound without a copy, they outlive run().
    head.bind(4, std::string_view(fabric.transport == Transport::Unspecified ? "" : transportName(fabric.transport)));
    head.bind(5, std::string_view(fabric.routing == FabricRouting::Default ? "" : fabricRoutingName(fabric.routing)));
    head.run();
    if (fabric.floor) {
        SqliteStatement floor(db, "INSERT INTO metadata(key, value) VALUES ('fabric.floor', ?)");
        const std::string text = floorToJson(*fabric.floor, -1); // bound without a copy: outlives run()
        floor.bind(1, text);
        floor.run();
    }

    SqliteStatement host(db,
                         "INSERT INTO hosts(seq, id, gpu_model, gpus, nvlink_gbytes_per_s, nvls, zone, pod, su, "
                         "rack, nvlink_domain) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    SqliteStatement nic(db, "INSERT INTO nics(host, seq, rail, gbps, ports, model) VALUES (?, ?, ?, ?, ?, ?)");
    for (std::int32_t i = 0; i < fabric.hostCount(); ++i) {
        const Host &h = fabric.host(i);
        requireFinite(h.nvlinkGBps, h.id, "nvlink_gbytes_per_s");
        host.bind(1, i);
        host.bind(2, h.id);
        host.bind(3, h.gpuModel);
        host.bind(4, h.gpus);
        host.bind(5, h.nvlinkGBps);
        host.bind(6, int(h.nvls));
        bindLocation(host, 7, h.location);
        host.bind(11, h.nvlinkDomain);
        host.run();
        for (size_t n = 0; n < h.nics.size(); ++n) {
            requireFinite(h.nics[n].speedGbps, h.id, "nic gbps");
            nic.bind(1, i);
            nic.bind(2, std::int64_t(n));
            nic.bind(3, h.nics[n].rail);
            nic.bind(4, h.nics[n].speedGbps);
            nic.bind(5, h.nics[n].ports);
            nic.bind(6, h.nics[n].model);
            nic.run();
        }
    }

    SqliteStatement sw(db,
                       "INSERT INTO switches(seq, id, tier, radix, model, plane, rail, sharp, zone, pod, su, rack) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::int32_t i = 0; i < fabric.switchCount(); ++i) {
        const Switch &s = fabric.switchAt(i);
        sw.bind(1, i);
        sw.bind(2, s.id);
        sw.bind(3, std::string_view(tierName(s.tier)));
        sw.bind(4, s.radix);
        sw.bind(5, s.model);
        sw.bind(6, s.plane);
        sw.bind(7, s.rail);
        sw.bind(8, int(s.sharp));
        bindLocation(sw, 9, s.location);
        sw.run();
    }

    SqliteStatement link(db,
                         "INSERT INTO links(seq, id, a_host, a_switch, b_host, b_switch, port_a, port_b, gbps, "
                         "state, degraded_gbps, plane) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const std::int32_t hosts = fabric.hostCount();
    const auto bindEnd = [&](int column, NodeIndex node, const std::string &id) {
        if (node < 0 || node >= fabric.nodeCount())
            throw StorageException(
                StorageError::Kind::InvalidData,
                QStringLiteral("cannot save: link '%1' has a dangling end").arg(QString::fromStdString(id)));
        if (node < hosts) {
            link.bind(column, node);
            link.bindNull(column + 1);
        } else {
            link.bindNull(column);
            link.bind(column + 1, node - hosts);
        }
    };
    for (std::int32_t i = 0; i < fabric.linkCount(); ++i) {
        const Link &l = fabric.link(i);
        requireFinite(l.capacityGbps, l.id, "gbps");
        requireFinite(l.degradedGbps, l.id, "degraded_gbps");
        link.bind(1, i);
        link.bind(2, l.id);
        bindEnd(3, l.a, l.id);
        bindEnd(5, l.b, l.id);
        link.bind(7, l.portA);
        link.bind(8, l.portB);
        link.bind(9, l.capacityGbps);
        link.bind(10, std::string_view(linkStateName(l.state)));
        link.bind(11, l.degradedGbps);
        link.bind(12, l.plane);
        link.run();
    }
}

void ProjectTables::writeState(SqliteDatabase &db, const ProjectData &data)
{
    SqliteStatement pin(db, "INSERT INTO pins(id, x, y) VALUES (?, ?, ?)");
    for (const auto &[id, position] : data.pins) {
        requireFinite(position.x, id, "pinned x");
        requireFinite(position.y, id, "pinned y");
        pin.bind(1, id);
        pin.bind(2, position.x);
        pin.bind(3, position.y);
        pin.run();
    }
    SqliteStatement failure(db, "INSERT INTO failures(seq, id) VALUES (?, ?)");
    for (size_t i = 0; i < data.failedIds.size(); ++i) {
        failure.bind(1, std::int64_t(i));
        failure.bind(2, data.failedIds[i]);
        failure.run();
    }
    SqliteStatement job(db, "INSERT INTO jobs(seq, name, json) VALUES (?, ?, ?)");
    for (size_t i = 0; i < data.jobs.size(); ++i) {
        job.bind(1, std::int64_t(i));
        job.bind(2, data.jobs[i].name);
        job.bind(3, data.jobs[i].json);
        job.run();
    }
}

void ProjectTables::writeMetadata(SqliteDatabase &db, const std::map<std::string, std::string> &metadata)
{
    SqliteStatement entry(db, "INSERT INTO metadata(key, value) VALUES (?, ?)");
    for (const auto &[key, value] : metadata) {
        if (key.rfind(fabricKeyPrefix, 0) == 0)
            continue; // the fabric's own (writeFabric)
        entry.bind(1, key);
        entry.bind(2, value);
        entry.run();
    }
}

Fabric ProjectTables::readFabric(SqliteDatabase &db)
{
    Fabric fabric;
    {
        SqliteStatement head(db, "SELECT name, description, transport, routing FROM fabric WHERE id = 1");
        if (!head.next())
            damaged(QStringLiteral("the fabric table is empty"));
        fabric.name = head.text(0);
        fabric.description = head.text(1);
        fabric.transport = namedOrDefault(head.text(2), transportFromName, Transport::Unspecified, "transport");
        fabric.routing = namedOrDefault(head.text(3), fabricRoutingFromName, FabricRouting::Default, "routing");
    }
    {
        // The floor (docs/floor.md) is kept as its JSON under a reserved metadata key.
        SqliteStatement floor(db, "SELECT value FROM metadata WHERE key = 'fabric.floor'");
        if (floor.next()) {
            try {
                fabric.floor = std::make_shared<const FloorPlan>(parseFloorJson(floor.text(0), "the project's floor"));
            } catch (const FloorError &e) {
                damaged(QString::fromStdString(e.what()));
            }
        }
    }
    const std::int64_t hostRows = rowsOf(db, "SELECT max(seq) FROM hosts");
    const std::int64_t switchRows = rowsOf(db, "SELECT max(seq) FROM switches");
    const std::int64_t linkRows = rowsOf(db, "SELECT max(seq) FROM links");
    if (hostRows + switchRows > INT32_MAX || linkRows > INT32_MAX)
        damaged(QStringLiteral("element numbers are out of range"));
    fabric.reserve(size_t(hostRows), size_t(switchRows), size_t(linkRows));

    SqliteStatement host(db,
                         "SELECT seq, id, gpu_model, gpus, nvlink_gbytes_per_s, nvls, zone, pod, su, rack, "
                         "nvlink_domain FROM hosts ORDER BY seq");
    SqliteStatement nic(db, "SELECT host, seq, rail, gbps, ports, model FROM nics ORDER BY host, seq");
    bool nicRow = nic.next();
    for (std::int64_t i = 0; host.next(); ++i) {
        checkSeq(host.integer(0), i, "hosts");
        Host h;
        h.id = host.text(1);
        h.gpuModel = host.text(2);
        h.gpus = int(host.integer(3));
        h.nvlinkGBps = host.real(4);
        h.nvls = host.integer(5) != 0;
        h.location = readLocation(host, 6);
        h.nvlinkDomain = host.text(10);
        for (; nicRow && nic.integer(0) <= i; nicRow = nic.next()) {
            if (nic.integer(0) < i || nic.integer(1) != std::int64_t(h.nics.size()))
                damaged(QStringLiteral("NIC %1 of host %2 has no host or is out of order")
                            .arg(nic.integer(1))
                            .arg(nic.integer(0)));
            h.nics.push_back(Nic{int(nic.integer(2)), nic.real(3), int(nic.integer(4)), nic.text(5)});
        }
        fabric.addHost(std::move(h));
    }
    if (nicRow)
        damaged(QStringLiteral("NIC %1 of host %2 has no host").arg(nic.integer(1)).arg(nic.integer(0)));

    SqliteStatement sw(db,
                       "SELECT seq, id, tier, radix, model, plane, rail, sharp, zone, pod, su, rack "
                       "FROM switches ORDER BY seq");
    for (std::int64_t i = 0; sw.next(); ++i) {
        checkSeq(sw.integer(0), i, "switches");
        Switch s;
        s.id = sw.text(1);
        const std::optional<Tier> tier = tierFromName(sw.text(2));
        if (!tier)
            damaged(QStringLiteral("switch '%1' has an unknown tier").arg(QString::fromStdString(s.id)));
        s.tier = *tier;
        s.radix = int(sw.integer(3));
        s.model = sw.text(4);
        s.plane = int(sw.integer(5));
        s.rail = int(sw.integer(6));
        s.sharp = sw.integer(7) != 0;
        s.location = readLocation(sw, 8);
        fabric.addSwitch(std::move(s));
    }

    SqliteStatement link(db,
                         "SELECT seq, id, a_host, a_switch, b_host, b_switch, port_a, port_b, gbps, state, "
                         "degraded_gbps, plane FROM links ORDER BY seq");
    const std::int32_t hosts = fabric.hostCount();
    const std::int32_t switches = fabric.switchCount();
    std::vector<Link> links;
    {
        // seq is the rowid: its maximum is one look-up, and sizes the vector once.
        SqliteStatement last(db, "SELECT max(seq) FROM links");
        if (last.next() && last.integer(0) >= 0 && last.integer(0) < Limits::maxGeneratedLinks)
            links.reserve(size_t(last.integer(0)) + 1);
    }
    for (std::int64_t i = 0; link.next(); ++i) {
        checkSeq(link.integer(0), i, "links");
        Link l;
        l.id = link.text(1);
        l.a = readEnd(link, 2, hosts, switches);
        l.b = readEnd(link, 4, hosts, switches);
        l.portA = int(link.integer(6));
        l.portB = int(link.integer(7));
        l.capacityGbps = link.real(8);
        const std::optional<LinkState> state = linkStateFromName(link.text(9));
        if (!state)
            damaged(QStringLiteral("link '%1' has an unknown state").arg(QString::fromStdString(l.id)));
        l.state = *state;
        l.degradedGbps = link.real(10);
        l.plane = int(link.integer(11));
        links.push_back(std::move(l));
    }
    fabric.appendLinks(std::move(links)); // ids entered in one prefetching pass
    return fabric;
}

void ProjectTables::readState(SqliteDatabase &db, ProjectData *data)
{
    data->pins.clear();
    SqliteStatement pin(db, "SELECT id, x, y FROM pins");
    while (pin.next())
        data->pins[pin.text(0)] = PinnedPosition{pin.real(1), pin.real(2)};
    data->failedIds.clear();
    SqliteStatement failure(db, "SELECT id FROM failures ORDER BY seq");
    while (failure.next())
        data->failedIds.push_back(failure.text(0));
    data->jobs.clear();
    SqliteStatement job(db, "SELECT name, json FROM jobs ORDER BY seq");
    while (job.next())
        data->jobs.push_back(ProjectJob{job.text(0), job.text(1)});
}

std::map<std::string, std::string> ProjectTables::readMetadata(SqliteDatabase &db)
{
    std::map<std::string, std::string> metadata;
    SqliteStatement entry(db, "SELECT key, value FROM metadata");
    while (entry.next())
        if (entry.text(0).rfind(fabricKeyPrefix, 0) != 0)
            metadata[entry.text(0)] = entry.text(1);
    return metadata;
}

} // namespace Railyard
