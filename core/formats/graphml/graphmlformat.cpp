#include "core/formats/graphml/graphmlformat.h"
#include "core/formats/contentsniff.h"

#include "core/formats/graphml/graphmlcommon.h"
#include "core/formats/graphml/graphmlreader.h"

#include <QXmlStreamWriter>

#include <algorithm>
#include <cmath>

namespace Railyard {

using GraphmlCommon::numberText;

QString GraphmlFormat::slug() const
{
    return QStringLiteral("graphml");
}

QString GraphmlFormat::name() const
{
    return QStringLiteral("GraphML");
}

QStringList GraphmlFormat::extensions() const
{
    return {QStringLiteral("graphml")};
}

ReadResult GraphmlFormat::read(QIODevice &device, const QString &fileName) const
{
    return readGraphml(device, fileName);
}

bool GraphmlFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    QXmlStreamWriter xml(&device);
    xml.setAutoFormatting(true);
    xml.setAutoFormattingIndent(1);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("graphml"));
    xml.writeDefaultNamespace(GraphmlCommon::namespaceUri());

    struct KeyOut
    {
        const char *id;
        const char *domain;
        const char *name;
        const char *type;
        const char *def;
    };
    static const KeyOut keys[] = {
        {"name", "graph", "name", "string", nullptr},
        {"description", "graph", "description", "string", nullptr},
        {"role", "node", "role", "string", nullptr},
        {"gpus", "node", "gpus", "int", nullptr},
        {"gpu_model", "node", "gpu_model", "string", nullptr},
        {"nvlink_gbytes_per_s", "node", "nvlink_gbytes_per_s", "double", nullptr},
        {"nvls", "node", "nvls", "boolean", nullptr},
        {"nvlink_domain", "node", "nvlink_domain", "string", nullptr},
        {"radix", "node", "radix", "int", nullptr},
        {"model", "node", "model", "string", nullptr},
        {"plane", "node", "plane", "int", nullptr},
        {"rail", "node", "rail", "int", nullptr},
        {"sharp", "node", "sharp", "boolean", nullptr},
        {"zone", "node", "zone", "string", nullptr},
        {"pod", "node", "pod", "string", nullptr},
        {"su", "node", "su", "string", nullptr},
        {"rack", "node", "rack", "string", nullptr},
        {"gbps", "edge", "gbps", "double", nullptr},
        {"state", "edge", "state", "string", "up"},
        {"degraded_gbps", "edge", "degraded_gbps", "double", nullptr},
        {"port_a", "edge", "port_a", "int", nullptr},
        {"port_b", "edge", "port_b", "int", nullptr},
        {"edge_plane", "edge", "plane", "int", nullptr},
    };
    for (const KeyOut &k : keys) {
        xml.writeStartElement(QStringLiteral("key"));
        xml.writeAttribute(QStringLiteral("id"), QLatin1String(k.id));
        xml.writeAttribute(QStringLiteral("for"), QLatin1String(k.domain));
        xml.writeAttribute(QStringLiteral("attr.name"), QLatin1String(k.name));
        xml.writeAttribute(QStringLiteral("attr.type"), QLatin1String(k.type));
        if (k.def)
            xml.writeTextElement(QStringLiteral("default"), QLatin1String(k.def));
        xml.writeEndElement();
    }

    auto data = [&](const QString &key, const QString &value) {
        xml.writeStartElement(QStringLiteral("data"));
        xml.writeAttribute(QStringLiteral("key"), key);
        xml.writeCharacters(value);
        xml.writeEndElement();
    };
    auto text = [&](const char *key, const std::string &value) {
        if (!value.empty())
            data(QLatin1String(key), QString::fromStdString(value));
    };
    auto location = [&](const Location &loc) {
        text("zone", loc.zone);
        text("pod", loc.pod);
        text("su", loc.su);
        text("rack", loc.rack);
    };
    bool finite = true;
    auto number = [&](const char *key, double v) {
        finite = finite && std::isfinite(v);
        data(QLatin1String(key), numberText(v));
    };

    xml.writeStartElement(QStringLiteral("graph"));
    xml.writeAttribute(QStringLiteral("id"), QStringLiteral("G"));
    xml.writeAttribute(QStringLiteral("edgedefault"), QStringLiteral("undirected"));
    text("name", fabric.name);
    text("description", fabric.description);
    for (const Host &h : fabric.hosts()) {
        xml.writeStartElement(QStringLiteral("node"));
        xml.writeAttribute(QStringLiteral("id"), QString::fromStdString(h.id));
        data(QStringLiteral("role"), QStringLiteral("host"));
        data(QStringLiteral("gpus"), QString::number(h.gpus));
        text("gpu_model", h.gpuModel);
        number("nvlink_gbytes_per_s", h.nvlinkGBps);
        if (h.nvls)
            data(QStringLiteral("nvls"), QStringLiteral("true"));
        text("nvlink_domain", h.nvlinkDomain);
        location(h.location);
        xml.writeEndElement();
    }
    for (const Switch &s : fabric.switches()) {
        xml.writeStartElement(QStringLiteral("node"));
        xml.writeAttribute(QStringLiteral("id"), QString::fromStdString(s.id));
        data(QStringLiteral("role"), QLatin1String(tierName(s.tier)));
        data(QStringLiteral("radix"), QString::number(s.radix));
        text("model", s.model);
        if (s.plane != 0)
            data(QStringLiteral("plane"), QString::number(s.plane));
        if (s.rail != -1)
            data(QStringLiteral("rail"), QString::number(s.rail));
        if (s.sharp)
            data(QStringLiteral("sharp"), QStringLiteral("true"));
        location(s.location);
        xml.writeEndElement();
    }
    for (const Link &l : fabric.links()) {
        if (!(l.a >= 0 && l.a < fabric.nodeCount() && l.b >= 0 && l.b < fabric.nodeCount())) {
            if (error)
                *error = QStringLiteral("cannot write: link '%1' has a dangling end").arg(QString::fromStdString(l.id));
            return false;
        }
        xml.writeStartElement(QStringLiteral("edge"));
        xml.writeAttribute(QStringLiteral("id"), QString::fromStdString(l.id));
        xml.writeAttribute(QStringLiteral("source"), QString::fromStdString(fabric.nodeId(l.a)));
        xml.writeAttribute(QStringLiteral("target"), QString::fromStdString(fabric.nodeId(l.b)));
        number("gbps", l.capacityGbps);
        if (l.state != LinkState::Up)
            data(QStringLiteral("state"), QLatin1String(linkStateName(l.state)));
        if (l.state == LinkState::Degraded)
            number("degraded_gbps", l.degradedGbps);
        if (l.portA != -1)
            data(QStringLiteral("port_a"), QString::number(l.portA));
        if (l.portB != -1)
            data(QStringLiteral("port_b"), QString::number(l.portB));
        if (l.plane != 0)
            data(QStringLiteral("edge_plane"), QString::number(l.plane));
        xml.writeEndElement();
    }
    xml.writeEndElement(); // graph
    xml.writeEndElement(); // graphml
    xml.writeEndDocument();

    if (!finite) {
        if (error)
            *error = QStringLiteral("cannot write: a capacity is not a finite number");
        return false;
    }
    if (xml.hasError()) {
        if (error)
            *error = QStringLiteral("cannot write: %1").arg(device.errorString());
        return false;
    }
    return true;
}

FileFormat::Recognition GraphmlFormat::recognize(const QByteArray &head) const
{
    return head.contains("<graphml") ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
