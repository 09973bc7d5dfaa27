#pragma once

// The file-format interface shared by the GUI's dialogs and the CLI's
// --format flags. Formats read from and write to a QIODevice, never show UI
// and report problems as FormatError values naming the file and location.

#include "core/common/formaterror.h"
#include "core/model/fabric.h"

#include <QIODevice>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace Railyard {

/// A guess an importer made where the file does not say: a host told from a
/// switch, a switch's tier, a host's rails, a rack, SHARP, a link imported as
/// degraded. The Problems dock lists them for review; each can be overridden
/// by an undoable edit (core/document/inferenceoverride.h).
struct Inference
{
    enum class Kind { Role, Tier, Rail, Rack, Sharp, Speed };
    Kind kind = Kind::Tier;
    std::string elementId; ///< the host, switch or link in the fabric read
    std::string value;     ///< what was inferred: "host", "spine", "r12", "sharp", "200" (Gb/s trained)
    QString reason;        ///< why, in a sentence
};

/// Result of reading a file: the fabric, or the errors that stopped it.
struct ReadResult
{
    std::optional<Fabric> fabric;
    std::vector<FormatError> errors; ///< non-empty iff fabric is empty
    std::vector<FormatError> warnings;
    std::vector<Inference> inferences; ///< importers of discovered data only

    bool ok() const { return fabric.has_value(); }
    /// All errors joined by newlines, for CLI output and message boxes.
    QString errorText() const;
};

/// Options some readers take (the CLI's flags, the Import dialog's choices).
struct ReadOptions
{
    /// infiniband-diags' node-name map (`0xGUID "NAME"` lines) for the
    /// ibnetdiscover reader; empty for none.
    QString nodeNameMap;
};

/// A fabric file format (native JSON, GraphML, ...).
class FileFormat
{
public:
    virtual ~FileFormat() = default;

    /// Short stable identifier used by --format flags: "fabric-json", "graphml".
    virtual QString slug() const = 0;
    /// Human-readable name for file dialogs.
    virtual QString name() const = 0;
    /// File name endings without a leading dot, longest first: "fabric.json".
    virtual QStringList extensions() const = 0;
    virtual bool canRead() const = 0;
    virtual bool canWrite() const = 0;

    /// Reads a fabric. fileName is used only in error messages. The result is
    /// validated (Fabric::validate); invariant violations are errors.
    virtual ReadResult read(QIODevice &device, const QString &fileName) const = 0;
    /// Reads with options; formats that take none read as read() does.
    virtual ReadResult readWithOptions(QIODevice &device, const QString &fileName, const ReadOptions &options) const
    {
        Q_UNUSED(options);
        return read(device, fileName);
    }
    /// Writes a fabric. Returns false and sets *error on failure.
    virtual bool write(const Fabric &fabric, QIODevice &device, QString *error) const = 0;

    /// How sure the format is that a file starting with `head` (its first
    /// FormatRegistry::sniffBytes bytes) is one of its own, from content alone:
    /// Recognition::Sure for a signature no other format shares ("format":
    /// "railyard-fabric", <graphml, switchguid= lines), Recognition::No otherwise.
    enum class Recognition { No, Sure };
    virtual Recognition recognize(const QByteArray &head) const
    {
        Q_UNUSED(head);
        return Recognition::No;
    }

    /// Whether the format also reads a folder of files (one LLDP dump per
    /// host, NetBox's REST pages).
    virtual bool canReadFolder() const { return false; }
    /// Whether `folder` looks like one this format reads (for FormatRegistry
    /// to pick a format for a folder given without one).
    virtual bool recognizesFolder(const QString &folder) const
    {
        Q_UNUSED(folder);
        return false;
    }
    /// Reads every file of the folder as one fabric; errors name each file.
    virtual ReadResult readFolder(const QString &folder) const;
};

} // namespace Railyard
