#pragma once

// Runbook templates, one per incident symptom, from resources/runbooks/
// (compiled in). Placeholders: {{cluster}}, {{element}}, {{first_interval}},
// {{summary}}, {{jobs}}, {{exclusions}}.

#include <string>

namespace Railyard {

/// The Markdown template for `symptom` ("link_degraded", ...); nullptr when none.
const char *runbookTemplate(const std::string &symptom);

} // namespace Railyard
