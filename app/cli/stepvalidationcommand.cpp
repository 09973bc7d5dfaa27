#include "app/cli/stepvalidationcommand.h"

#include "app/cli/clicommon.h"
#include "core/common/inputfile.h"
#include "core/common/outputfile.h"
#include "core/placement/stepvalidation.h"

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
        printErr(error);
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
            printErr(error);
            return ExitBadInput;
        }
    }
    return ExitOk;
}

} // namespace Railyard::Cli
