#pragma once

// nlohmann::json's parser keeps the last of two equal keys in one object
// without a word, so `{"budget": 1e6, "budget": 1}` would be read as 1. Every
// file Railyard takes from outside (requirements, floors, catalogues, caches,
// study parts) is parsed with this instead: a duplicate key is an error that
// names its JSON pointer and (bounded) the key, as the intent reader does.
//
// Call after checkJsonBounds (core/common/jsonbounds.h): the depth it
// tracks is bounded by the scan. Throws Json::parse_error for malformed text
// (as Json::parse does), DuplicateJsonKey for a key given twice and
// StrictJsonError for a number beyond a double's range (1e309: nlohmann
// throws out_of_range for it, which a catch of parse_error misses).

#include "core/common/messagetext.h"

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// What parseJsonRefusingDuplicates refuses beyond malformed text: a key
/// given twice (DuplicateJsonKey), a number beyond a double's range.
class StrictJsonError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class DuplicateJsonKey : public StrictJsonError
{
public:
    DuplicateJsonKey(std::string pointer, const std::string &key)
        : StrictJsonError(pointer + ": the key \"" + elided(key, 40) + "\" is given twice in one object")
        , m_pointer(std::move(pointer))
    { }
    /// The object's JSON pointer ("" for the top level) and the key: "/constraints/budget".
    const std::string &pointer() const { return m_pointer; }

private:
    std::string m_pointer;
};

template<typename Json>
Json parseJsonRefusingDuplicates(std::string_view text)
{
    // One frame per open object or array: its keys (objects) or the next
    // element's index (arrays), for the pointer of a duplicate.
    struct Frame
    {
        bool object = false;
        std::set<std::string> keys;
        std::string lastKey;
        long long index = -1;
    };
    std::vector<Frame> frames;
    auto pointer = [&frames](const std::string &leaf) {
        std::string p;
        for (size_t i = 0; i + 1 < frames.size(); ++i) {
            const Frame &f = frames[i];
            p += "/" + (f.object ? elided(f.lastKey, 40) : std::to_string(f.index));
        }
        return p + "/" + elided(leaf, 40);
    };
    auto child = [&frames] {
        // A value starts inside the innermost container: an array counts it.
        if (!frames.empty() && !frames.back().object)
            ++frames.back().index;
    };
    using Event = typename Json::parse_event_t;
    try {
    return Json::parse(text.begin(), text.end(), [&](int, Event event, Json &parsed) {
        switch (event) {
        case Event::object_start:
        case Event::array_start:
            child();
            frames.push_back(Frame{event == Event::object_start, {}, {}, -1});
            break;
        case Event::object_end:
        case Event::array_end:
            if (!frames.empty())
                frames.pop_back();
            break;
        case Event::key: {
            Frame &f = frames.back();
            const std::string key = parsed.template get<std::string>();
            if (!f.keys.insert(key).second)
                throw DuplicateJsonKey(pointer(key), key);
            f.lastKey = key;
            break;
        }
        case Event::value:
            child();
            break;
        }
        return true;
    });
    } catch (const typename Json::out_of_range &) {
        throw StrictJsonError("a number beyond the range of a double (±1.8e308)");
    }
}

} // namespace Railyard
