#pragma once

// Project data for the project tests, and an exact comparison (the fabric
// through the fabric-json writer's bytes plus every field the writer
// leaves out). Header-only: each test executable includes it.

#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/project/projectdata.h"
#include "tests/formats/testfabrics.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QTest>

namespace Railyard::ProjectTestData {

/// The fabric-json text of a fabric: equal bytes mean equal fabrics (order included).
inline QByteArray fabricBytes(const Fabric &fabric)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!FabricJsonFormat().write(fabric, buffer, &error))
        qWarning("write failed: %s", qPrintable(error));
    return bytes;
}

inline QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// A file's bytes and modification time, to show an operation left it alone.
struct FileState
{
    QByteArray sha1;
    QDateTime modified;
    qint64 size = -1;
    bool operator==(const FileState &) const = default;
};

inline FileState fileState(const QString &path)
{
    const QFileInfo info(path);
    return FileState{QCryptographicHash::hash(fileBytes(path), QCryptographicHash::Sha1), info.lastModified(),
                     info.exists() ? info.size() : -1};
}

/// The lab fabric with oddities plus values the JSON writer omits (a
/// degraded rate on an up link), and a project state around it. `variant`
/// changes the fabric and every part of the state.
inline ProjectData sample(int variant = 0)
{
    ProjectData data;
    data.fabric = TestFabrics::lab(true);
    data.fabric.link(2).degradedGbps = 12.5 + variant; // kept although the link is up
    data.fabric.host(0).nvlinkGBps = 1.0 / 3.0;
    data.fabric.link(3).capacityGbps = 400.0 + variant * 0.1;
    data.fabric.description += "; variant " + std::to_string(variant);
    // How it routes: kept by the project (schema 6) as by fabric-json.
    data.fabric.transport = variant == 0 ? Transport::InfiniBand : Transport::Ethernet;
    data.fabric.routing = variant == 0 ? FabricRouting::Adaptive : FabricRouting::Default;
    data.pins["h-r0-0"] = PinnedPosition{0.1 + variant, -2.5e-7};
    data.pins["spine-1"] = PinnedPosition{1e300, 1.0 / 7.0};
    data.pins["leaf-\xc3\xa9"] = PinnedPosition{-12345.678, 42.0};
    data.failedIds = {"spine-1", "l" + std::to_string(5 + variant), "up-0-0-1"};
    data.jobs = {
        ProjectJob{"llama", "{\n \"format\": \"railyard-job\",\n \"name\": \"v" + std::to_string(variant) + "\"\n}\n"},
        ProjectJob{"empty-ish", " "}};
    data.metadata = {{"author", "Ada"}, {"variant", std::to_string(variant)}};
    return data;
}

/// QCOMPAREs two projects exactly. Check QTest::currentTestFailed() after.
inline void compare(const ProjectData &actual, const ProjectData &expected)
{
    QCOMPARE(fabricBytes(actual.fabric), fabricBytes(expected.fabric));
    TestFabrics::compare(actual.fabric, expected.fabric);
    if (QTest::currentTestFailed())
        return;
    for (std::int32_t i = 0; i < expected.fabric.linkCount(); ++i)
        QVERIFY(actual.fabric.link(i).degradedGbps == expected.fabric.link(i).degradedGbps);
    QVERIFY(actual.pins == expected.pins);
    QVERIFY(actual.failedIds == expected.failedIds);
    QVERIFY(actual.jobs == expected.jobs);
    QVERIFY(actual.metadata == expected.metadata);
}

} // namespace Railyard::ProjectTestData
