#include "app/cli/stepvalidationcommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/fabricmanager/routingvalidation.h"
#include "core/placement/stepvalidation.h"

#include <QFileInfo>

#include <cstdio>

namespace Railyard::Cli {

int runStepValidation(const QStringList &args)
{
    CommandLine cl(QStringLiteral("step-validation"),
                   QStringLiteral("The whole-step model (compute, pipeline bubble, exposed communication) against "
                                  "measured training runs: each run's cluster generated, its job placed and routed "
                                  "as the fabric routes, the compute efficiency its measured step implies found, and "
                                  "each run predicted with the median efficiency of the OTHER models of its GPU and "
                                  "precision. Null models (no network term, fluid routing, one efficiency for every "
                                  "GPU) are judged the same way (docs/step-validation.md)."));
    cl.addPositional(QStringLiteral("RUNS"),
                     QStringLiteral("Runs (the format of tests/data/step-validation/runs.json; add your own)."));
    cl.addFlag({QStringLiteral("markdown")}, QStringLiteral("Print the per-run table as Markdown."));
    cl.addOption({QStringLiteral("write-defaults")},
                 QStringLiteral("Write the fitted efficiencies per GPU and precision to FILE (the format of "
                                "resources/model/compute-efficiency.json)."),
                 QStringLiteral("file"));
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli step-validation tests/data/step-validation/runs.json --markdown\n"
                                "Exit codes: 0 done, 1 the runs cannot be read, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    const QString path = cl.positional(0);
    QString error;
    const std::optional<QByteArray> bytes = readInputFile(path, &error, 256 << 20);
    if (!bytes) {
        printErr(QStringLiteral("%1: %2").arg(path, error));
        return ExitBadInput;
    }
    StepValidation v;
    try {
        v = validateStepModel(bytes->toStdString(), [](int done, int total) {
            if (done % 25 == 0 || done == total)
                std::fprintf(stderr, "step-validation: %d of %d runs\n", done, total);
        });
    } catch (const std::exception &e) {
        printErr(QStringLiteral("%1: %2").arg(path, QString::fromStdString(e.what()).left(300)));
        return ExitBadInput;
    }
    printOutRaw(cl.isSet(QStringLiteral("markdown")) ? stepValidationToMarkdown(v) : stepValidationToText(v));
    if (cl.isSet(QStringLiteral("write-defaults"))) {
        const QString out = cl.value(QStringLiteral("write-defaults"));
        if (!writeOutputFile(out, QByteArray::fromStdString(computeEfficiencyJson(v)), &error)) {
            printErr(QStringLiteral("%1: %2").arg(out, error));
            return ExitBadInput;
        }
    }
    return ExitOk;
}

int runRoutingValidation(const QStringList &args)
{
    CommandLine cl(QStringLiteral("routing-validation"),
                   QStringLiteral("What routing costs a training job, against published figures: ECMP hashing "
                                  "against planned paths, adaptive routing and more queue pairs, static routing's "
                                  "effective bisection, random against topology rank order, a failed link. Each "
                                  "counted row rebuilds the source's setup and checks Railyard's figure against the "
                                  "row's bound; --null fluid runs every experiment with fluid routing in place of "
                                  "the routing it is about (docs/routing-validation.md)."));
    cl.addPositional(QStringLiteral("ROWS"),
                     QStringLiteral("Rows (the format of tests/data/routing-validation/rows.json); fabric and job "
                                    "files they name are read relative to it."));
    cl.addOption({QStringLiteral("null")},
                 QStringLiteral("Run the null model instead: \"fluid\" (fluid routing in place of the row's)."),
                 QStringLiteral("model"));
    cl.addFlag({QStringLiteral("markdown")},
               QStringLiteral("Print the table as Markdown, the model's figures beside the null's (runs both)."));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print JSON."));
    cl.setEpilog(QStringLiteral("Example:\n  railyard-cli routing-validation tests/data/routing-validation/rows.json\n"
                                "Exit codes: 0 every counted row as the table expects (in its bound, or a known miss), 1 "
                                "the rows cannot be read or a row is not, 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;
    bool null = false;
    if (cl.isSet(QStringLiteral("null"))) {
        if (cl.value(QStringLiteral("null")) != QLatin1String("fluid")) {
            printErr(QStringLiteral("--null: the null model is \"fluid\", got \"%1\"")
                         .arg(cl.value(QStringLiteral("null")).left(40)));
            return ExitUsage;
        }
        null = true;
    }
    const QString path = cl.positional(0);
    QString error;
    const std::optional<QByteArray> bytes = readInputFile(path, &error, 4 << 20);
    if (!bytes) {
        printErr(QStringLiteral("%1: %2").arg(path, error));
        return ExitBadInput;
    }
    const std::string dir = QFileInfo(path).absolutePath().toStdString();
    RoutingValidation v, nullRun;
    const bool markdown = cl.isSet(QStringLiteral("markdown"));
    try {
        v = validateRouting(bytes->toStdString(), path.toStdString(), dir, null);
        if (markdown && !null)
            nullRun = validateRouting(bytes->toStdString(), path.toStdString(), dir, true);
    } catch (const std::exception &e) {
        printErr(QString::fromStdString(e.what()).left(600));
        return ExitBadInput;
    }
    if (markdown)
        printOutRaw(routingValidationToMarkdown(v, null ? nullptr : &nullRun));
    else if (cl.isSet(QStringLiteral("json")))
        printOutRaw(routingValidationToJson(v));
    else
        printOutRaw(routingValidationToText(v));
    // The null is expected to miss: only rows that do not behave as the table
    // says (in bounds, or a known miss) fail the model's run.
    return null || v.asExpected == v.counted ? ExitOk : ExitBadInput;
}

} // namespace Railyard::Cli
