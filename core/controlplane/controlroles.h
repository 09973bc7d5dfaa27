#pragma once

// Who may call the control-plane service (docs/api.md, "Roles"): every
// bearer token carries one role, and every endpoint names the roles it
// admits. Tokens are random, shown once when created, and stored only as
// their SHA-256.

#include <optional>
#include <string>
#include <string_view>

namespace Railyard {

enum class ControlRole : unsigned char {
    Viewer,   ///< reads networks, intents, telemetry and incidents
    Operator, ///< + creates networks and files incidents
    Reviewer, ///< + applies reviewed intents
    Admin,    ///< everything, and reads the audit log
};

/// "viewer", "operator", "reviewer", "admin".
const char *controlRoleName(ControlRole role);
std::optional<ControlRole> controlRoleFromName(std::string_view name);

/// What a call needs; checked by roleAllows().
enum class ControlPermission : unsigned char {
    Read,           ///< GET networks, intents, telemetry, incidents
    CreateNetwork,  ///< POST /v1/training-networks
    ApplyIntent,    ///< POST /v1/training-networks/{id}/intents
    CreateIncident, ///< POST /v1/incidents/network
    ReadAudit,      ///< GET /v1/audit
};

bool roleAllows(ControlRole role, ControlPermission permission);

/// A new bearer token: "ryd_" + 43 characters of base64url (32 random bytes
/// from OpenSSL's RAND_bytes). Throws std::runtime_error when the random
/// generator fails.
std::string generateControlToken();

/// Lower-case hex SHA-256 of the token: what the database keeps.
std::string controlTokenHash(std::string_view token);

} // namespace Railyard
