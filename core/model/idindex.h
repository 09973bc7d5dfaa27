#pragma once

// Id -> element index for Fabric's hosts, switches and links.
//
// An open-addressing table (linear probing, backward-shift deletion) of
// 8-byte slots: a 32-bit hash tag and the element's index. The ids themselves
// are not copied: a probe compares the query with the id of the element the
// slot points at, so the caller passes the element vector to every call.
// Compared with std::unordered_map<std::string, int> this saves a node and a
// string per element and the pointer chase of each probe: at 393,216 links the
// table is 8 MiB and one lookup is one or two cache misses.
//
// Every element is entered, duplicates included; find() returns the smallest
// index among equal ids, so "the first occurrence owns the id" and later ones
// are the duplicates that validation reports.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace Railyard {

class IdIndex
{
public:
    /// Index of the first element (smallest index) whose id is `id`, -1 if none.
    template<typename Elements>
    std::int32_t find(const Elements &v, std::string_view id) const
    {
        if (m_size == 0)
            return -1;
        const std::uint32_t tag = tagOf(id);
        std::int32_t best = -1;
        for (size_t i = home(tag);; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.index < 0)
                return best;
            if (s.tag == tag && (best < 0 || s.index < best) && v[static_cast<size_t>(s.index)].id == id)
                best = s.index;
        }
    }
    /// How many elements carry `id`.
    template<typename Elements>
    int count(const Elements &v, std::string_view id) const
    {
        if (m_size == 0)
            return 0;
        const std::uint32_t tag = tagOf(id);
        int n = 0;
        for (size_t i = home(tag);; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.index < 0)
                return n;
            if (s.tag == tag && v[static_cast<size_t>(s.index)].id == id)
                ++n;
        }
    }
    /// Enters element `index` (already in v).
    template<typename Elements>
    void insert(const Elements &v, std::int32_t index)
    {
        insertRange(v, index, index + 1);
    }
    /// Removes the entry of element `index`; v[index] must still hold the id
    /// it was entered with.
    template<typename Elements>
    void erase(const Elements &v, std::int32_t index)
    {
        if (m_size == 0)
            return;
        const std::string_view id = v[static_cast<size_t>(index)].id;
        const std::uint32_t tag = tagOf(id);
        size_t at = SIZE_MAX;
        bool shared = false;
        for (size_t i = home(tag); m_slots[i].index >= 0; i = (i + 1) & m_mask) {
            if (m_slots[i].index == index)
                at = i;
            else if (m_slots[i].tag == tag && v[static_cast<size_t>(m_slots[i].index)].id == id)
                shared = true;
        }
        if (at == SIZE_MAX)
            return;
        removeSlot(at);
        m_duplicates -= shared ? 1 : 0;
    }
    /// Re-enters every element of v (after elements moved).
    template<typename Elements>
    void rebuild(const Elements &v)
    {
        clear();
        insertRange(v, 0, static_cast<std::int32_t>(v.size()));
    }
    /// Enters elements [first, last) of v, as insert() each, but with the
    /// slot of an element a few ahead prefetched: a bulk load (a reader's
    /// links) waits on memory once per batch rather than once per element.
    template<typename Elements>
    void insertRange(const Elements &v, std::int32_t first, std::int32_t last)
    {
        reserve(m_size + static_cast<size_t>(std::max(0, last - first)));
        constexpr std::int32_t ahead = 8;
        std::uint32_t tags[ahead] = {};
        for (std::int32_t i = first; i < std::min(last, first + ahead); ++i)
            tags[i % ahead] = tagOf(v[static_cast<size_t>(i)].id);
        for (std::int32_t i = first; i < last; ++i) {
            const std::uint32_t tag = tags[i % ahead];
            if (i + ahead < last) {
                const std::uint32_t later = tagOf(v[static_cast<size_t>(i + ahead)].id);
                tags[i % ahead] = later;
                __builtin_prefetch(&m_slots[home(later)]);
            }
            const std::string_view id = v[static_cast<size_t>(i)].id;
            size_t at = home(tag);
            bool duplicate = false;
            for (; m_slots[at].index >= 0; at = (at + 1) & m_mask)
                duplicate = duplicate || (m_slots[at].tag == tag && v[static_cast<size_t>(m_slots[at].index)].id == id);
            m_slots[at] = Slot{tag, i};
            ++m_size;
            m_duplicates += duplicate ? 1 : 0;
        }
    }
    /// Sizes the table for n entries without growing on the way.
    void reserve(size_t n);
    void clear();
    size_t size() const { return m_size; }
    /// Entries whose id another entry already has (0: all ids distinct).
    size_t duplicates() const { return m_duplicates; }

private:
    struct Slot
    {
        std::uint32_t tag = 0;
        std::int32_t index = -1; ///< -1: empty
    };

    static std::uint32_t tagOf(std::string_view id)
    {
        const auto h = static_cast<std::uint64_t>(std::hash<std::string_view>{}(id));
        return static_cast<std::uint32_t>(h ^ (h >> 32));
    }
    /// Slot where a probe for `tag` starts (Fibonacci hashing of the tag).
    size_t home(std::uint32_t tag) const
    {
        return (static_cast<std::uint64_t>(tag) * 0x9E3779B97F4A7C15ull) >> m_shift;
    }
    void insertTagged(std::uint32_t tag, std::int32_t index);
    void removeSlot(size_t i);
    void grow(size_t capacity);

    std::vector<Slot> m_slots;
    size_t m_mask = 0;
    int m_shift = 64;
    size_t m_size = 0;
    size_t m_duplicates = 0;
};

} // namespace Railyard
