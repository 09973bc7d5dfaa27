#include "app/cli/clicommon.h"

#include "core/intents/intentreview.h"
#include "core/intents/keyring.h"

#include "core/analysis/counts.h"
#include "core/registry/formatregistry.h"
#include "core/common/inputfile.h"
#include "core/common/messagetext.h"
#include "core/export/hostlist.h"

#include <QByteArray>
#include <QFileInfo>

#include <cmath>
#include <cstdio>
#include <string_view>
#include <unistd.h>

namespace Railyard::Cli {

namespace {

/// What reaches a terminal is filtered (names, comments and a server's
/// messages may carry escape sequences); stderr always, as it is for
/// people; stdout when it is a terminal, so files and pipes get the bytes.
bool filtered(std::FILE *stream)
{
    return stream == stderr || ::isatty(::fileno(stream));
}

void writeBytes(std::FILE *stream, std::string_view bytes)
{
    if (filtered(stream)) {
        const std::string safe = terminalSafe(bytes);
        std::fwrite(safe.data(), 1, safe.size(), stream);
    } else {
        std::fwrite(bytes.data(), 1, bytes.size(), stream);
    }
}

void writeLine(std::FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    writeBytes(stream, std::string_view(bytes.constData(), size_t(bytes.size())));
    std::fputc('\n', stream);
    std::fflush(stream);
}

QString extensionsText(const FileFormat &format)
{
    QStringList parts;
    for (const QString &ext : format.extensions())
        parts << QLatin1Char('.') + ext;
    return parts.join(QStringLiteral(", "));
}

/// Word-wraps a paragraph for --help (Qt wraps option texts, not the description).
QString wrapped(const QString &text, int width = 79)
{
    QString result;
    qsizetype lineLength = 0;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (lineLength > 0 && lineLength + 1 + word.size() > width) {
            result += QLatin1Char('\n');
            lineLength = 0;
        } else if (lineLength > 0) {
            result += QLatin1Char(' ');
            ++lineLength;
        }
        result += word;
        lineLength += word.size();
    }
    return result;
}

} // namespace

void printOut(const QString &text)
{
    writeLine(stdout, text);
}
void printErr(const QString &text)
{
    writeLine(stderr, text);
}

void printOutRaw(const std::string &text)
{
    writeBytes(stdout, text);
    if (text.empty() || text.back() != '\n')
        std::fputc('\n', stdout);
    std::fflush(stdout);
}

QString optionLabel(const QString &name)
{
    if (name == QLatin1String("output"))
        return QStringLiteral("-o/--output");
    return QStringLiteral("--") + name;
}

CommandLine::CommandLine(const QString &command, const QString &description)
    : m_command(command)
    , m_description(description)
{
    m_parser.setApplicationDescription(wrapped(description));
    m_parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    m_parser.addHelpOption();
}

void CommandLine::addOption(const QStringList &names, const QString &description, const QString &valueName,
                            const QString &defaultValue)
{
    m_optionNames << names;
    m_parser.addOption(QCommandLineOption(names, description, valueName, defaultValue));
}

void CommandLine::addFlag(const QStringList &names, const QString &description)
{
    m_optionNames << names;
    m_parser.addOption(QCommandLineOption(names, description));
}

void CommandLine::addPositional(const QString &name, const QString &description)
{
    m_positionalNames << name;
    m_parser.addPositionalArgument(name, description, name);
}

void CommandLine::addMorePositionals(const QString &name, const QString &description)
{
    m_morePositionals = true;
    m_parser.addPositionalArgument(name, description, QStringLiteral("[%1…]").arg(name));
}

bool CommandLine::parse(const QStringList &args)
{
    // QCommandLineParser treats the first element as the program name.
    QStringList full = args;
    full.prepend(QStringLiteral("railyard-cli"));
    if (!m_parser.parse(full))
        fail(m_parser.errorText());
    // Qt takes the next argument as an option's value even when it is
    // another option ("--k -o x" would set k to "-o"): refuse that.
    for (const QString &name : m_parser.optionNames()) {
        for (const QString &value : m_parser.values(name)) {
            if (value.size() < 2 || value.at(0) != QLatin1Char('-') || value.at(1).isDigit() || value.at(1) == u'.')
                continue;
            const QString bare
                = value.mid(value.startsWith(QStringLiteral("--")) ? 2 : 1).section(QLatin1Char('='), 0, 0);
            if (m_optionNames.contains(bare) || bare == u"help" || bare == u"h")
                fail(QStringLiteral("%1 needs a value, but the next argument is the option '%2'")
                         .arg(optionLabel(name == u"o" ? QStringLiteral("output") : name), elided(value)));
        }
    }
    // Qt adds --help-all (help including Qt's own options); the CLI has none.
    if (m_parser.isSet(QStringLiteral("help")) || m_parser.isSet(QStringLiteral("help-all"))) {
        printOut(helpText());
        return false;
    }
    const QStringList positional = m_parser.positionalArguments();
    if (positional.size() < m_positionalNames.size())
        fail(QStringLiteral("missing %1").arg(m_positionalNames.mid(positional.size()).join(QLatin1Char(' '))));
    if (!m_morePositionals && positional.size() > m_positionalNames.size())
        fail(QStringLiteral("unexpected argument '%1'").arg(positional.at(m_positionalNames.size())));
    return true;
}

QString CommandLine::helpText() const
{
    // Qt's usage line names the executable path only; show the command too.
    QString text = m_parser.helpText();
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    QString usage = QStringLiteral("Usage: railyard-cli %1 [options]").arg(m_command);
    for (const QString &name : m_positionalNames)
        usage += QLatin1Char(' ') + name;
    usage += QLatin1Char('\n');
    text.replace(0, lineEnd < 0 ? text.size() : lineEnd, usage);
    if (!m_epilog.isEmpty())
        text += QLatin1Char('\n') + m_epilog + QLatin1Char('\n');
    while (text.endsWith(QLatin1Char('\n')))
        text.chop(1);
    return text;
}

void CommandLine::fail(const QString &message) const
{
    throw UsageError(m_command, message);
}

int CommandLine::intValue(const QString &name, int defaultValue, int minimum) const
{
    if (!m_parser.isSet(name))
        return defaultValue;
    const QString text = m_parser.value(name).trimmed();
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok)
        fail(QStringLiteral("%1: '%2' is not an integer").arg(optionLabel(name), text));
    if (value < minimum)
        fail(QStringLiteral("%1 must be at least %2 (got %3)").arg(optionLabel(name)).arg(minimum).arg(value));
    return value;
}

int CommandLine::requiredInt(const QString &name, int minimum) const
{
    if (!m_parser.isSet(name))
        fail(QStringLiteral("%1 is required").arg(optionLabel(name)));
    return intValue(name, 0, minimum);
}

double CommandLine::doubleValue(const QString &name, double defaultValue, bool strictlyPositive) const
{
    if (!m_parser.isSet(name))
        return defaultValue;
    const QString text = m_parser.value(name).trimmed();
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        fail(QStringLiteral("%1: '%2' is not a number").arg(optionLabel(name), text));
    if (strictlyPositive && !(value > 0.0))
        fail(QStringLiteral("%1 must be greater than 0 (got %2)").arg(optionLabel(name), text));
    return value;
}

QString CommandLine::requiredString(const QString &name) const
{
    const QString text = m_parser.value(name);
    if (!m_parser.isSet(name) || text.isEmpty())
        fail(QStringLiteral("%1 is required").arg(optionLabel(name)));
    return text;
}

QString knownFormatsText(bool writable)
{
    QStringList parts;
    for (const auto &format : FormatRegistry::instance().formats()) {
        if (writable ? !format->canWrite() : !format->canRead())
            continue;
        parts << QStringLiteral("%1 (%2)").arg(format->slug(), extensionsText(*format));
    }
    return parts.join(QStringLiteral(", "));
}

static const FileFormat &formatFor(const CommandLine &cl, const QString &file, const QString &slug,
                                   const QString &option, bool writing)
{
    const FormatRegistry &registry = FormatRegistry::instance();
    const FileFormat *format = nullptr;
    if (!slug.isEmpty()) {
        format = registry.bySlug(slug);
        if (!format)
            cl.fail(QStringLiteral("%1: unknown format '%2' (known: %3)")
                        .arg(optionLabel(option), slug, knownFormatsText(writing)));
    } else if (writing) {
        format = registry.forFileName(file);
    } else if (QFileInfo(file).isDir()) {
        format = registry.forFolder(file);
    } else {
        // The content decides, the extension is a hint (docs/cli.md, "Import detection").
        const FormatRegistry::Detection found = registry.detectFile(file);
        format = found.format;
        if (!format && found.candidates.size() > 1) {
            QStringList slugs;
            for (const FileFormat *candidate : found.candidates)
                slugs << candidate->slug();
            cl.fail(QStringLiteral("%1: the content fits several formats (%2); name one with %3")
                        .arg(file, slugs.join(QStringLiteral(", ")), optionLabel(option)));
        }
    }
    if (!format) {
        if (!writing && !QFileInfo::exists(file))
            cl.fail(QStringLiteral("%1: no such file").arg(file));
        if (!writing && QFileInfo(file).isDir())
            cl.fail(QStringLiteral("%1: is a directory, not a folder of dumps Railyard reads (LLDP dumps, NetBox "
                                   "pages: pass %2 lldp or %2 netbox); give a fabric file")
                        .arg(file, optionLabel(option)));
        if (!writing)
            cl.fail(QStringLiteral("%1: cannot tell the format from the content or the file name; pass %2 "
                                   "(known: %3)")
                        .arg(file, optionLabel(option), knownFormatsText(writing)));
        cl.fail(QStringLiteral("%1: cannot tell the format from the file name; name it with one of the "
                                   "known extensions or pass %2 (known: %3)")
                        .arg(file, optionLabel(option), knownFormatsText(writing)));
    }
    if (writing ? !format->canWrite() : !format->canRead())
        cl.fail(QStringLiteral("%1: format '%2' cannot be %3")
                    .arg(file, format->slug(), writing ? QStringLiteral("written") : QStringLiteral("read")));
    return *format;
}

const FileFormat &readFormatFor(const CommandLine &cl, const QString &file, const QString &slug, const QString &option)
{
    return formatFor(cl, file, slug, option, false);
}

const FileFormat &writeFormatFor(const CommandLine &cl, const QString &file, const QString &slug, const QString &option)
{
    return formatFor(cl, file, slug, option, true);
}

std::optional<Fabric> loadFabric(const QString &file, const FileFormat &format, const ReadOptions &options)
{
    ReadResult result = FormatRegistry::instance().readFile(file, format.slug(), options);
    for (const FormatError &warning : result.warnings)
        printErr(QStringLiteral("warning: ") + warning.toString());
    if (!result.ok()) {
        if (result.errors.empty())
            printErr(QStringLiteral("%1: could not be read").arg(file));
        for (const FormatError &error : result.errors) {
            QString line = error.toString();
            // Every message must name the file, even for errors a format
            // reports without one.
            if (!line.contains(file))
                line = file + QStringLiteral(": ") + line;
            printErr(line);
        }
        return std::nullopt;
    }
    return std::move(result.fabric);
}

QString describeFabric(const Fabric &fabric)
{
    const FabricCounts counts = countFabric(fabric);
    QStringList tiers;
    // Bottom-up order, not the map's alphabetical one.
    for (const char *tier : {"leaf", "spine", "core", "switch"}) {
        const auto it = counts.switchesByTier.find(tier);
        if (it != counts.switchesByTier.end() && it->second > 0)
            tiers << QStringLiteral("%1 %2").arg(it->second).arg(QLatin1String(tier));
    }
    for (const auto &[tier, count] : counts.switchesByTier) {
        if (tier != "leaf" && tier != "spine" && tier != "core" && tier != "switch" && count > 0)
            tiers << QStringLiteral("%1 %2").arg(count).arg(QString::fromStdString(tier));
    }
    QString text
        = QStringLiteral("%1 GPUs, %2 hosts, %3 switches").arg(counts.gpus).arg(counts.hosts).arg(counts.switches);
    if (!tiers.isEmpty())
        text += QStringLiteral(" (%1)").arg(tiers.join(QStringLiteral(", ")));
    text += QStringLiteral(", %1 links").arg(counts.links);
    return text;
}

std::optional<Failures> failuresFromOption(const CommandLine &cl, const Fabric &fabric, const QString &file)
{
    std::vector<std::string> ids;
    for (const QString &arg : cl.values(QStringLiteral("fail")))
        for (const QString &part : arg.split(QLatin1Char(','), Qt::SkipEmptyParts))
            ids.push_back(part.trimmed().toStdString());
    Failures failures;
    std::string error;
    if (resolveFailures(fabric, ids, &failures, &error))
        return failures;
    // Name the offending id ourselves so the message has one fixed shape.
    for (const std::string &id : ids) {
        Failures single;
        std::string ignored;
        if (resolveFailures(fabric, {id}, &single, &ignored))
            continue;
        const QString qid = QString::fromStdString(id);
        if (fabric.isHost(fabric.findNode(id)))
            printErr(QStringLiteral("%1: '%2' in --fail is a host; --fail takes switch or link ids").arg(file, qid));
        else
            printErr(QStringLiteral("%1: unknown element '%2' in --fail").arg(file, qid));
        return std::nullopt;
    }
    printErr(QStringLiteral("%1: %2").arg(file, QString::fromStdString(error)));
    return std::nullopt;
}

void addKeyringOption(CommandLine &cl)
{
    cl.addOption({QStringLiteral("keyring")},
                 QStringLiteral("Directory of the team's public keys (NAME.pub): a reviewed intent "
                                "(railyard-reviewed-intent) is used only once its signatures verify against it."),
                 QStringLiteral("dir"));
}

std::optional<IntentReadResult> readIntentForCommand(CommandLine &cl, const QString &path)
{
    std::optional<Keyring> keyring;
    if (cl.isSet(QStringLiteral("keyring"))) {
        QString error;
        keyring = Keyring::load(cl.value(QStringLiteral("keyring")), &error);
        if (!keyring) {
            printErr(error);
            return std::nullopt;
        }
    }
    IntentReadResult result = readIntentForUse(path, keyring ? &*keyring : nullptr);
    if (!result.ok()) {
        printErr(result.errorText());
        return std::nullopt;
    }
    return result;
}

std::optional<JobSpec> readJobFile(const QString &path)
{
    JobSpecResult read = readJobSpecFile(path);
    for (const FormatError &w : read.warnings)
        printErr(QStringLiteral("warning: %1").arg(w.toString()));
    if (!read.ok()) {
        printErr(read.errorText());
        return std::nullopt;
    }
    return std::move(read.job);
}

void addCatalogOption(CommandLine &cl)
{
    cl.addOption({QStringLiteral("catalog")},
                 QStringLiteral("Your switch, NIC, cable and transceiver figures (JSON like resources/bom/catalog.json, "
                                "docs/catalog.md) over the built-in catalogue: an entry named like a built-in model "
                                "replaces the figures it gives, others are added."),
                 QStringLiteral("file"));
}

std::optional<BomCatalog> catalogOption(const CommandLine &cl)
{
    if (!cl.isSet(QStringLiteral("catalog")))
        return BomCatalog::defaults();
    QString error;
    std::optional<BomCatalog> catalog = BomCatalog::readUserFile(cl.value(QStringLiteral("catalog")), &error);
    if (!catalog)
        printErr(error);
    return catalog;
}

void addNcclOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("qps-per-connection")},
                 QStringLiteral("NCCL_IB_QPS_PER_CONNECTION: queue pairs per NCCL connection, 1 to 128, each hashed "
                                "on its own by ECMP (default: the fabric's \"nccl\" setting, else NCCL's 1)."),
                 QStringLiteral("n"));
    cl.addOption({QStringLiteral("split-data-on-qps")},
                 QStringLiteral("NCCL_IB_SPLIT_DATA_ON_QPS: 1 splits every message over the queue pairs, 0 "
                                "(NCCL's default) sends each message on one in turn."),
                 QStringLiteral("0|1"));
}

void applyNcclOptions(const CommandLine &cl, Fabric &fabric)
{
    applyNcclOptions(cl, fabric.nccl);
}

void applyNcclOptions(const CommandLine &cl, NcclSettings &nccl)
{
    if (cl.isSet(QStringLiteral("qps-per-connection"))) {
        const int qps = cl.intValue(QStringLiteral("qps-per-connection"), 1, 1);
        if (qps > 128)
            cl.fail(QStringLiteral("--qps-per-connection: 1 to 128 (NCCL's limit), got %1").arg(qps));
        nccl.ibQpsPerConnection = qps;
    }
    if (cl.isSet(QStringLiteral("split-data-on-qps"))) {
        const QString v = cl.value(QStringLiteral("split-data-on-qps")).trimmed();
        if (v != QLatin1String("0") && v != QLatin1String("1"))
            cl.fail(QStringLiteral("--split-data-on-qps: 0 or 1, got '%1'").arg(v.left(20)));
        nccl.ibSplitDataOnQps = v == QLatin1String("1") ? 1 : 0;
    }
}

bool readHostOrder(const QString &path, std::vector<std::string> *hosts)
{
    QString error;
    const std::optional<QByteArray> bytes = readInputFile(path, &error, 64 << 20);
    if (!bytes) {
        printErr(QStringLiteral("%1: %2").arg(path, error));
        return false;
    }
    int lineNumber = 0;
    for (const QByteArray &raw : bytes->split('\n')) {
        ++lineNumber;
        QByteArray line = raw;
        if (const int hash = line.indexOf('#'); hash >= 0)
            line.truncate(hash);
        for (const QByteArray &item : line.replace(',', ' ').simplified().split(' ')) {
            if (item.isEmpty())
                continue;
            try {
                for (std::string &name : expandHostlist(item.toStdString(), 1'000'000))
                    hosts->push_back(std::move(name));
            } catch (const std::exception &e) {
                printErr(QStringLiteral("%1:%2: '%3': %4")
                             .arg(path)
                             .arg(lineNumber)
                             .arg(QString::fromUtf8(item.left(60)), QString::fromStdString(e.what())));
                return false;
            }
        }
    }
    if (hosts->empty()) {
        printErr(QStringLiteral("%1: no host ids in the rank order file").arg(path));
        return false;
    }
    return true;
}

} // namespace Railyard::Cli
