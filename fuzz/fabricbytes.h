#pragma once

// Shared by the differential fuzz targets: a fabric as the bytes of its
// native file, so two readers' results compare exactly.

#include "core/formats/fabricjson/fabricjsonformat.h"

#include <QBuffer>

inline QByteArray fabricBytes(const Railyard::Fabric &fabric)
{
    QByteArray bytes;
    QBuffer out(&bytes);
    out.open(QIODevice::WriteOnly);
    QString error;
    Railyard::FabricJsonFormat().write(fabric, out, &error);
    return bytes;
}
