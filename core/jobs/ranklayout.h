#pragma once

// The rank layout convention (Megatron order): global rank
//   r = tp + TP·(cp + CP·(dp + DP·pp))
// so tensor parallel is fastest, then context, then data, then pipeline.
// Expert-parallel groups are formed inside the data-parallel dimension from
// consecutive data-parallel ranks: dp = ep + EP·edp, where ep is the rank's
// index in its EP group and edp its index in its expert-data-parallel group
// (the dp / EP ranks that hold the same experts).

#include "core/jobs/jobspec.h"

#include <cstdint>

namespace Railyard {

struct RankCoords
{
    int tp = 0;
    int cp = 0;
    int dp = 0;
    int pp = 0;
};

class RankLayout
{
public:
    explicit RankLayout(const Parallelism &p) : m_p(p) {}

    const Parallelism &degrees() const { return m_p; }
    std::int32_t worldSize() const { return std::int32_t(m_p.worldSize()); }

    RankCoords coords(std::int32_t rank) const
    {
        RankCoords c;
        c.tp = rank % m_p.tp;
        rank /= m_p.tp;
        c.cp = rank % m_p.cp;
        rank /= m_p.cp;
        c.dp = rank % m_p.dp;
        c.pp = rank / m_p.dp;
        return c;
    }
    std::int32_t rank(const RankCoords &c) const
    {
        return c.tp + m_p.tp * (c.cp + m_p.cp * (c.dp + m_p.dp * c.pp));
    }
    /// Index within the EP group and within the expert-data-parallel group.
    int epIndex(int dp) const { return dp % m_p.ep; }
    int edpIndex(int dp) const { return dp / m_p.ep; }
    int dpOf(int epIndex, int edpIndex) const { return epIndex + m_p.ep * edpIndex; }

private:
    Parallelism m_p;
};

} // namespace Railyard
