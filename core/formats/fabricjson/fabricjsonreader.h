#pragma once

// Reader of the native format, used by FabricJsonFormat::read. The document
// streams through nlohmann's SAX parser (FabricJsonSax); internal to the
// format, not part of the core's API.

#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/fileformat.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Railyard {

/// Value of the top-level "format" field of a native fabric file.
inline constexpr std::string_view fabricJsonTag = "railyard-fabric";

namespace FabricJsonDetail {

using json = nlohmann::json;

enum class Section { None, Hosts, Switches, Links };

/// Escapes a key for a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string pointerEscape(std::string_view key);

/// A scalar read straight from the SAX stream. Links are flat objects of
/// scalars; reading them into reused Scalars instead of nlohmann values
/// avoids a dozen allocations per link (most of the read time for 400K links).
struct Scalar
{
    json::value_t type = json::value_t::null; ///< object/array: a nested value, contents skipped
    std::string text;                         ///< string value
    json::number_integer_t integer = 0;
    json::number_unsigned_t unsignedInt = 0;
    double real = 0;
    bool boolean = false;
};

struct FlatField
{
    std::string key;
    Scalar value;
    int known = -1; ///< linkFieldIndex(key)
};

/// Index of a link field name ("id" 0 ... "plane" 8), -1 for unknown names.
/// Link fields are looked up by index so each name is compared only once.
inline int linkFieldIndex(std::string_view key)
{
    static constexpr std::string_view names[]
        = {"id", "a", "b", "port_a", "port_b", "gbps", "state", "degraded_gbps", "plane"};
    for (int i = 0; i < int(std::size(names)); ++i) {
        if (names[i] == key)
            return i;
    }
    return -1;
}
inline constexpr int linkFieldCount = 9;

/// The fields of one link object; storage is reused from link to link.
struct FlatObject
{
    std::vector<FlatField> fields;
    size_t count = 0;
    int slot[linkFieldCount] = {}; ///< field index + 1 per known name; 0 = absent

    void clear()
    {
        count = 0;
        std::fill(std::begin(slot), std::end(slot), 0);
    }
    FlatField &add(const std::string &key)
    {
        if (count == fields.size())
            fields.emplace_back();
        FlatField &f = fields[count++];
        f.key.assign(key);
        f.value.type = json::value_t::null;
        f.known = linkFieldIndex(key);
        if (f.known >= 0 && slot[f.known] == 0)
            slot[f.known] = int(count);
        return f;
    }
};

struct PendingLink
{
    Link link;
    std::string a;
    std::string b;
    size_t source = 0; ///< index in the file's "links" array
};

} // namespace FabricJsonDetail

/// Reader of the native format. Collects errors and builds the fabric from
/// the elements that FabricJsonSax hands over one at a time.
class FabricJsonReader
{
    using json = FabricJsonDetail::json;
    using Section = FabricJsonDetail::Section;
    using FlatObject = FabricJsonDetail::FlatObject;
    using PendingLink = FabricJsonDetail::PendingLink;

public:
    /// Reads and validates a `*.fabric.json` document; fileName only labels errors.
    static ReadResult read(QIODevice &device, const QString &fileName);
    /// Reads a document held in memory. A valid, plainly written file takes
    /// the fast path (fabricjsonfast.h) unless `fastPath` is false; the full
    /// reader handles everything else and reports every problem.
    static ReadResult readBytes(std::string_view data, const QString &fileName, bool fastPath = true);

    explicit FabricJsonReader(const QString &fileName)
        : m_fileName(fileName)
    { }

    bool full() const { return m_fatal || m_errors.size() > size_t(FabricJsonFormat::maxErrors); }

    void error(const std::string &path, const std::string &message)
    {
        if (m_errors.size() < size_t(FabricJsonFormat::maxErrors))
            m_errors.push_back({m_fileName, 0, 0, QString::fromStdString(path), QString::fromStdString(message)});
        else if (m_errors.size() == size_t(FabricJsonFormat::maxErrors))
            m_errors.push_back({m_fileName, 0, 0, {}, QStringLiteral("too many errors; giving up")});
    }
    void warning(const std::string &path, const std::string &message)
    {
        if (m_warnings.size() < size_t(FabricJsonFormat::maxErrors))
            m_warnings.push_back({m_fileName, 0, 0, QString::fromStdString(path), QString::fromStdString(message)});
    }
    void syntaxError(std::string_view data, size_t position, const std::string &lastToken, const char *what);
    void fatal() { m_fatal = true; }

    void topValue(const std::string &key, const json &value);
    void element(Section section, size_t index, const json &value);
    void link(const FlatObject &v, size_t index);
    void sectionDone(Section section);
    /// Sizes the link storage up front; `estimate` may overshoot.
    void expectLinks(size_t estimate)
    {
        m_fabric.reserve(0, 0, estimate);
        m_linkSource.reserve(estimate);
    }
    ReadResult finish();

private:
    // Field accessors: leave `out` untouched and report an error when the
    // field is missing (if required) or has the wrong type.
    template<class Obj>
    auto field(const Obj &obj, const std::string &path, const char *key, bool required);
    template<class Obj>
    bool getString(const Obj &obj, const std::string &path, const char *key, std::string &out, bool required);
    template<class Obj>
    bool getInt(const Obj &obj, const std::string &path, const char *key, int &out, bool required);
    template<class Obj>
    bool getNumber(const Obj &obj, const std::string &path, const char *key, double &out, bool required);
    /// Optional boolean field of a host or switch object.
    bool getBool(const json &obj, const std::string &path, const char *key, bool &out);
    template<class Obj>
    void unknownFields(const Obj &obj, const std::string &path, std::initializer_list<std::string_view> known);
    template<class Obj>
    bool readId(const Obj &obj, const std::string &path, std::string &id);
    bool checkObject(const json &v, const std::string &path);
    void readLocation(const json &obj, const std::string &path, Location &loc);
    std::string firstUse(const std::string &id) const;

    void readHost(const json &v, size_t index);
    void readSwitch(const json &v, size_t index);
    NodeIndex nodeIndex(std::string_view id) const;
    struct Endpoint
    {
        std::string id;
        NodeIndex index = -1;
    };
    NodeIndex endpoint(std::string_view id, Endpoint &cache) const;
    void addLink(Link &&link, std::string_view a, std::string_view b, size_t source);
    /// Path of the report-th duplicate of id (1-based) and, in *first, of its first use.
    std::string duplicatePath(const std::string &id, int report, std::string *first) const;

    QString m_fileName;
    std::vector<FormatError> m_errors;
    std::vector<FormatError> m_warnings;
    bool m_fatal = false;
    bool m_sawFormat = false;
    bool m_sawVersion = false;

    Fabric m_fabric;
    std::vector<size_t> m_hostSource;   ///< fabric host index -> index in "hosts"
    std::vector<size_t> m_switchSource; ///< fabric switch index -> index in "switches"
    std::vector<size_t> m_linkSource;   ///< fabric link index -> index in "links"
    std::vector<PendingLink> m_pending; ///< links seen before all nodes were known
    bool m_hostsDone = false;
    bool m_switchesDone = false;
    bool m_nodesFrozen = false; ///< links are being added: no more nodes may be added
    Endpoint m_lastA;
    Endpoint m_lastB;
};

} // namespace Railyard
