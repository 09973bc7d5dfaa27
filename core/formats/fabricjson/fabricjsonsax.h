#pragma once

// SAX handler of the native format's reader (internal to FabricJsonReader).

#include "core/formats/fabricjson/fabricjsonreader.h"
#include "core/common/messagetext.h"
#include "core/common/limits.h"

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace Railyard {

/// SAX handler: streams the top-level object and the three element arrays.
/// Hosts, switches and other top-level fields are materialised as one small
/// nlohmann value each; links are read flat into reused storage.
class FabricJsonSax
{
    using json = FabricJsonDetail::json;
    using Section = FabricJsonDetail::Section;
    using Scalar = FabricJsonDetail::Scalar;

public:
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    FabricJsonSax(FabricJsonReader &reader, std::string_view data) : m_reader(reader), m_data(data) {}

    bool null()
    {
        if (m_flatDepth)
            return flat(json::value_t::null);
        return scalar(json(nullptr));
    }
    bool boolean(bool v)
    {
        if (m_flatDepth) {
            if (Scalar *s = flatSlot())
                s->boolean = v;
            return flat(json::value_t::boolean);
        }
        return scalar(json(v));
    }
    bool number_integer(number_integer_t v)
    {
        if (m_flatDepth) {
            if (Scalar *s = flatSlot())
                s->integer = v;
            return flat(json::value_t::number_integer);
        }
        return scalar(json(v));
    }
    bool number_unsigned(number_unsigned_t v)
    {
        if (m_flatDepth) {
            if (Scalar *s = flatSlot())
                s->unsignedInt = v;
            return flat(json::value_t::number_unsigned);
        }
        return scalar(json(v));
    }
    bool number_float(number_float_t v, const string_t &)
    {
        if (m_flatDepth) {
            if (Scalar *s = flatSlot())
                s->real = v;
            return flat(json::value_t::number_float);
        }
        return scalar(json(v));
    }
    bool string(string_t &v)
    {
        if (m_flatDepth) {
            if (Scalar *s = flatSlot())
                s->text.assign(v);
            return flat(json::value_t::string);
        }
        return scalar(json(std::move(v)));
    }
    bool binary(binary_t &) { return m_flatDepth ? flat(json::value_t::null) : scalar(json()); }

    bool start_object(std::size_t)
    {
        if (!enter())
            return false;
        if (m_flatDepth)
            return flatNested(json::value_t::object);
        if (m_stack.empty() && m_depth == 0) {
            m_depth = 1;
            return true;
        }
        if (m_stack.empty() && m_depth == 2 && m_section == Section::Links) {
            m_flatDepth = 1;
            m_flat.clear();
            return true;
        }
        m_stack.push_back(place(json::object()));
        return true;
    }
    bool key(string_t &k)
    {
        if (m_flatDepth) {
            if (m_flatDepth == 1)
                m_flat.add(k);
            return true;
        }
        if (m_stack.empty()) { // a top-level key
            if (!m_topKeys.insert(k).second)
                m_reader.error("/" + FabricJsonDetail::pointerEscape(elided(k)), "field \"" + elided(k) + "\" appears twice");
            m_key = std::move(k);
            return !m_reader.full();
        }
        m_slot = &(*m_stack.back())[k];
        return true;
    }
    bool end_object()
    {
        --m_nesting;
        if (m_flatDepth) {
            if (--m_flatDepth == 0) {
                m_reader.link(m_flat, m_index++);
                return !m_reader.full();
            }
            return true;
        }
        if (m_stack.empty()) { // end of the document object
            m_depth = 0;
            return true;
        }
        m_stack.pop_back();
        return m_stack.empty() ? complete() : true;
    }
    bool start_array(std::size_t)
    {
        if (!enter())
            return false;
        if (m_flatDepth)
            return flatNested(json::value_t::array);
        if (m_stack.empty() && m_depth == 1) {
            m_section = m_key == "hosts" ? Section::Hosts
                : m_key == "switches"    ? Section::Switches
                : m_key == "links"       ? Section::Links
                                         : Section::None;
            if (m_section != Section::None) {
                m_depth = 2;
                m_index = 0;
                return true;
            }
        }
        if (m_stack.empty() && m_depth == 0)
            return rootNotObject();
        m_stack.push_back(place(json::array()));
        return true;
    }
    bool end_array()
    {
        --m_nesting;
        if (m_flatDepth) {
            --m_flatDepth;
            return true;
        }
        if (m_stack.empty()) { // end of a section array
            m_reader.sectionDone(m_section);
            m_depth = 1;
            m_section = Section::None;
            return true;
        }
        m_stack.pop_back();
        return m_stack.empty() ? complete() : true;
    }
    bool parse_error(std::size_t position, const std::string &lastToken, const nlohmann::detail::exception &e)
    {
        m_reader.syntaxError(m_data, position, lastToken, e.what());
        return false;
    }

private:
    /// Counts one more level of nesting; refuses the document beyond
    /// Limits::maxNesting (deep values would make every later step recursive).
    bool enter()
    {
        if (++m_nesting <= Limits::maxNesting)
            return true;
        std::string path;
        if (m_depth == 2)
            path = std::string(m_section == Section::Hosts ? "/hosts/" : m_section == Section::Switches ? "/switches/" : "/links/")
                + std::to_string(m_index);
        else if (m_depth == 1)
            path = "/" + FabricJsonDetail::pointerEscape(elided(m_key));
        m_reader.error(path, "values nested deeper than " + std::to_string(Limits::maxNesting) + " levels; refusing the file");
        m_reader.fatal();
        return false;
    }
    /// The field whose value is being read, or nullptr inside a nested value.
    Scalar *flatSlot() { return m_flatDepth == 1 && m_flat.count ? &m_flat.fields[m_flat.count - 1].value : nullptr; }
    bool flat(json::value_t type)
    {
        if (Scalar *s = flatSlot())
            s->type = type;
        return true;
    }
    bool flatNested(json::value_t type)
    {
        flat(type); // links have no nested fields: the reader reports the type
        ++m_flatDepth;
        return true;
    }
    bool scalar(json v)
    {
        if (m_stack.empty() && m_depth == 0)
            return rootNotObject();
        place(std::move(v));
        return m_stack.empty() ? complete() : true;
    }
    json *place(json v)
    {
        if (m_stack.empty()) {
            m_value = std::move(v);
            return &m_value;
        }
        if (m_stack.back()->is_array()) {
            m_stack.back()->push_back(std::move(v));
            return &m_stack.back()->back();
        }
        *m_slot = std::move(v);
        return m_slot;
    }
    bool complete()
    {
        if (m_depth == 2)
            m_reader.element(m_section, m_index++, m_value);
        else
            m_reader.topValue(m_key, m_value);
        m_value = json();
        return !m_reader.full();
    }
    bool rootNotObject()
    {
        m_reader.error("", "not a Railyard fabric file: the top level must be a JSON object");
        m_reader.fatal();
        return false;
    }

    FabricJsonReader &m_reader;
    std::string_view m_data;
    int m_depth = 0; ///< 0 outside the document, 1 in the top object, 2 in a section array
    Section m_section = Section::None;
    size_t m_index = 0;
    std::string m_key;
    std::unordered_set<std::string> m_topKeys;
    json m_value;
    std::vector<json *> m_stack;
    json *m_slot = nullptr;
    int m_nesting = 0;   ///< objects and arrays open, at any level
    int m_flatDepth = 0; ///< > 0 inside a link object: 1 at its fields, more inside nested values
    FabricJsonDetail::FlatObject m_flat;
};

} // namespace Railyard
