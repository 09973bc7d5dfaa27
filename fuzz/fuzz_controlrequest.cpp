// libFuzzer target: one request to the control-plane service's handler
// (ControlService::handle), the code behind every railyard-controld call
// once the HTTP layer has parsed it. The input is split at newlines into
// the method, the target, a role selector (which token authenticates, or
// none), the Idempotency-Key, the Content-Type and the body (the rest).
// The service keeps its state across inputs, in a temporary database, as
// the real one does.

#include "core/controlplane/controlservice.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {

using namespace Railyard;

struct Service
{
    QTemporaryDir dir;
    std::optional<ControlStore> store;
    ControlCluster cluster;
    std::unique_ptr<ControlService> service;
    std::string tokens[4];

    Service()
    {
        QDir(dir.path()).mkdir(QStringLiteral("keyring"));
        store.emplace(dir.filePath(QStringLiteral("controld.db")));
        const ControlRole roles[]
            = {ControlRole::Viewer, ControlRole::Operator, ControlRole::Reviewer, ControlRole::Admin};
        for (int i = 0; i < 4; ++i)
            tokens[i] = store->addToken(controlRoleName(roles[i]), roles[i]);
        cluster.name = "fuzz";
        cluster.fabric = std::make_shared<Fabric>(generateClos(fatTreeParams(4)));
        ClusterTelemetryOptions telemetry;
        telemetry.intervalSeconds = 0.05;
        cluster.telemetry = std::make_unique<ClusterTelemetry>(cluster.name, cluster.fabric, std::vector<RunningJob>{},
                                                               std::vector<HealthFault>{}, telemetry);
        ControlServiceOptions options;
        options.keyringDir = dir.filePath(QStringLiteral("keyring"));
        options.ratePerSecond = 0;
        service = std::make_unique<ControlService>(*store, std::vector<ControlCluster *>{&cluster}, options);
    }
};

std::string_view nextLine(std::string_view &rest)
{
    const size_t newline = rest.find('\n');
    const std::string_view line = rest.substr(0, newline);
    rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
    return line;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static Service service;
    std::string_view rest(reinterpret_cast<const char *>(data), size);
    ControlRequest request;
    request.method = nextLine(rest);
    request.target = nextLine(rest);
    const std::string_view role = nextLine(rest);
    if (!role.empty() && role[0] >= '0' && role[0] <= '3')
        request.authorization = "Bearer " + service.tokens[role[0] - '0'];
    else
        request.authorization = role;
    request.idempotencyKey = nextLine(rest);
    request.contentType = nextLine(rest);
    request.body = rest;
    request.remote = "127.0.0.1";
    const ControlResponse response = service.service->handle(request);
    // Every answer is a status a client understands, with a JSON body or the stored intent.
    if (response.status < 200 || response.status > 599 || response.status == 500) {
        std::fprintf(stderr, "status %d: %s\n", response.status, response.body.c_str());
        __builtin_trap();
    }
    return 0;
}
