#include "core/model/idindex.h"

#include <algorithm>

namespace Railyard {

namespace {

/// Smallest power of two holding n entries at a load of at most one half.
size_t capacityFor(size_t n)
{
    return std::bit_ceil(std::max<size_t>(16, 2 * n));
}

} // namespace

void IdIndex::reserve(size_t n)
{
    if (capacityFor(n) > m_slots.size())
        grow(capacityFor(n));
}

void IdIndex::clear()
{
    m_slots.clear();
    m_mask = 0;
    m_shift = 64;
    m_size = 0;
    m_duplicates = 0;
}

void IdIndex::grow(size_t capacity)
{
    std::vector<Slot> old;
    old.swap(m_slots);
    m_slots.assign(capacity, Slot{});
    m_mask = capacity - 1;
    m_shift = 64 - std::countr_zero(capacity);
    m_size = 0;
    for (const Slot &s : old) {
        if (s.index >= 0)
            insertTagged(s.tag, s.index);
    }
}

void IdIndex::insertTagged(std::uint32_t tag, std::int32_t index)
{
    if (2 * (m_size + 1) > m_slots.size())
        grow(capacityFor(m_size + 1));
    size_t i = home(tag);
    while (m_slots[i].index >= 0)
        i = (i + 1) & m_mask;
    m_slots[i] = Slot{tag, index};
    ++m_size;
}

void IdIndex::removeSlot(size_t hole)
{
    // Backward-shift deletion: pull later entries of the run into the hole
    // when the hole lies between their home and their slot.
    for (size_t j = (hole + 1) & m_mask; m_slots[j].index >= 0; j = (j + 1) & m_mask) {
        const size_t want = home(m_slots[j].tag);
        const bool movable = hole <= j ? (want <= hole || want > j) : (want <= hole && want > j);
        if (movable) {
            m_slots[hole] = m_slots[j];
            hole = j;
        }
    }
    m_slots[hole] = Slot{};
    --m_size;
}

} // namespace Railyard
