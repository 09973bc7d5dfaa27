#include "core/controlplane/controlroles.h"

#include "core/intents/canonicaljson.h"

#include <array>
#include <openssl/rand.h>
#include <stdexcept>

namespace Railyard {

const char *controlRoleName(ControlRole role)
{
    switch (role) {
    case ControlRole::Viewer: return "viewer";
    case ControlRole::Operator: return "operator";
    case ControlRole::Reviewer: return "reviewer";
    case ControlRole::Admin: return "admin";
    }
    return "viewer";
}

std::optional<ControlRole> controlRoleFromName(std::string_view name)
{
    for (ControlRole role : {ControlRole::Viewer, ControlRole::Operator, ControlRole::Reviewer, ControlRole::Admin})
        if (name == controlRoleName(role))
            return role;
    return std::nullopt;
}

bool roleAllows(ControlRole role, ControlPermission permission)
{
    switch (permission) {
    case ControlPermission::Read: return true;
    case ControlPermission::CreateNetwork:
    case ControlPermission::CreateIncident: return role == ControlRole::Operator || role == ControlRole::Admin;
    case ControlPermission::ApplyIntent: return role == ControlRole::Reviewer || role == ControlRole::Admin;
    case ControlPermission::ReadAudit: return role == ControlRole::Admin;
    }
    return false;
}

std::string generateControlToken()
{
    std::array<unsigned char, 32> bytes{};
    if (RAND_bytes(bytes.data(), int(bytes.size())) != 1)
        throw std::runtime_error("the random number generator failed");
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string token = "ryd_";
    unsigned bits = 0;
    int count = 0;
    for (unsigned char byte : bytes) {
        bits = (bits << 8) | byte;
        count += 8;
        while (count >= 6) {
            count -= 6;
            token += alphabet[(bits >> count) & 63];
        }
    }
    if (count > 0)
        token += alphabet[(bits << (6 - count)) & 63];
    return token;
}

std::string controlTokenHash(std::string_view token)
{
    return CanonicalJson::sha256Hex(token);
}

} // namespace Railyard
