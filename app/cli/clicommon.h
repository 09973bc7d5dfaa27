#pragma once

// Shared pieces of railyard-cli's commands: exit codes, usage errors, a
// per-command option parser with typed accessors, and fabric loading that
// prints every problem with the file name and location.

#include "core/analysis/capacity.h"
#include "core/bom/bom.h"
#include "core/intents/intentreader.h"
#include "core/jobs/jobspec.h"
#include "core/formats/fileformat.h"
#include "core/model/fabric.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>
#include <stdexcept>
#include <string>

namespace Railyard {

class FileFormat;

namespace Cli {

/// Process exit codes of every command (documented in docs/cli.md).
enum ExitCode : int {
    ExitOk = 0,       ///< success
    ExitBadInput = 1, ///< unreadable or invalid input file, write failure, analysis error
    ExitUsage = 2,    ///< bad command line or impossible generator parameters
};

/// A bad command line. `command` is the command path ("generate fat-tree")
/// used for the "Try ... --help" hint; the message names the option.
class UsageError : public std::runtime_error
{
public:
    UsageError(const QString &command, const QString &message)
        : std::runtime_error(message.toStdString())
        , m_command(command)
    { }
    const QString &command() const { return m_command; }

private:
    QString m_command;
};

/// Writes text plus a newline to stdout / stderr (UTF-8).
void printOut(const QString &text);
void printErr(const QString &text);
/// Writes raw UTF-8 text to stdout, adding a newline if it lacks one.
void printOutRaw(const std::string &text);

/// The option parser of one command. Adds --help, parses, and converts
/// option values with errors that name the option (thrown as UsageError).
class CommandLine
{
public:
    /// command: "analyze", "generate fat-tree"; description: one paragraph for --help.
    CommandLine(const QString &command, const QString &description);

    QCommandLineParser &parser() { return m_parser; }
    const QString &command() const { return m_command; }

    void addOption(const QStringList &names, const QString &description, const QString &valueName = {},
                   const QString &defaultValue = {});
    void addFlag(const QStringList &names, const QString &description);
    /// A positional argument: name as shown in the usage line ("FILE").
    void addPositional(const QString &name, const QString &description);
    /// After the positionals: any number more ("[C…]"), read with positionals().
    void addMorePositionals(const QString &name, const QString &description);
    QStringList positionals() const { return m_parser.positionalArguments(); }
    /// A paragraph appended to --help (examples, notes).
    void setEpilog(const QString &text) { m_epilog = text; }

    /// Parses args (without the program and command names). Returns false
    /// when --help was given and printed: the caller returns ExitOk. Throws
    /// UsageError for unknown options, missing values and a wrong number of
    /// positional arguments.
    bool parse(const QStringList &args);
    QString helpText() const;

    /// True when the command has an option of that (long) name.
    bool hasOption(const QString &name) const { return m_optionNames.contains(name); }
    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }
    QStringList values(const QString &name) const { return m_parser.values(name); }
    QString positional(int index) const { return m_parser.positionalArguments().value(index); }

    /// Integer option: defaultValue when absent; must be >= minimum.
    int intValue(const QString &name, int defaultValue, int minimum) const;
    /// Required integer option (>= minimum).
    int requiredInt(const QString &name, int minimum) const;
    /// Finite floating-point option, > 0 when strictlyPositive.
    double doubleValue(const QString &name, double defaultValue, bool strictlyPositive = true) const;
    /// Required string option.
    QString requiredString(const QString &name) const;

    [[noreturn]] void fail(const QString &message) const;

private:
    QString m_command;
    QString m_description;
    QString m_epilog;
    QStringList m_positionalNames;
    bool m_morePositionals = false;
    QStringList m_optionNames;
    QCommandLineParser m_parser;
};

/// A host order file (--rank-order FILE): host ids or hostlists (gpu[001-064]),
/// one or more per line, separated by spaces or commas, # comments. False
/// (with the message printed, naming the file and line) when unreadable.
bool readHostOrder(const QString &path, std::vector<std::string> *hosts);

/// --qps-per-connection and --split-data-on-qps: how NCCL drives the NICs
/// (NCCL_IB_QPS_PER_CONNECTION, NCCL_IB_SPLIT_DATA_ON_QPS), which sets the
/// entropy ECMP hashes on (docs/traffic-model.md, "Connections per peer").
void addNcclOptions(CommandLine &cl);
/// Puts the options given over the fabric's own NCCL settings.
void applyNcclOptions(const CommandLine &cl, Fabric &fabric);
/// The same over settings (an explore requirements file's).
void applyNcclOptions(const CommandLine &cl, NcclSettings &nccl);

/// "--name" (or "-o/--output" style when the option has a one-letter alias).
QString optionLabel(const QString &name);

/// Format slugs and extensions the registry knows: "fabric-json (.fabric.json), graphml (.graphml)".
QString knownFormatsText(bool writable = false);

/// The format for reading `file`: by slug when given, else from the file
/// name. Throws UsageError (naming `option` or the file) when neither works.
const FileFormat &readFormatFor(const CommandLine &cl, const QString &file, const QString &slug, const QString &option);
/// The format for writing `file`, same rules; the format must be writable.
const FileFormat &writeFormatFor(const CommandLine &cl, const QString &file, const QString &slug,
                                 const QString &option);

/// Reads a fabric file. Prints every error (one FormatError::toString() per
/// line) and warning to stderr; std::nullopt when the file could not be read.
std::optional<Fabric> loadFabric(const QString &file, const FileFormat &format, const ReadOptions &options = {});

/// The switches and links named by every --fail option (repeatable, each
/// comma-separated). Prints "FILE: unknown element 'X' in --fail" (or that X
/// is a host) and returns std::nullopt on the first bad id.
std::optional<Failures> failuresFromOption(const CommandLine &cl, const Fabric &fabric, const QString &file);

/// "16 GPUs, 16 hosts, 20 switches (8 leaf, 8 spine, 4 core), 48 links".
QString describeFabric(const Fabric &fabric);

/// Reads a job file (*.job.json): its warnings and, on failure, its errors
/// printed to stderr; std::nullopt when it cannot be read.
/// --keyring DIR: the public keys a reviewed intent is verified against.
void addKeyringOption(CommandLine &cl);
/// The intent in `path` (*.intent.json, or a reviewed file verified against
/// --keyring first, readIntentForUse); prints the errors and returns nullopt.
std::optional<IntentReadResult> readIntentForCommand(CommandLine &cl, const QString &path);

std::optional<JobSpec> readJobFile(const QString &path);

/// --catalog FILE: the user's catalogue over the built-in one (docs/catalog.md).
void addCatalogOption(CommandLine &cl);
/// The catalogue --catalog gives (the built-in one when unset); std::nullopt
/// after printing why the file cannot be used, naming it and the JSON pointer.
std::optional<BomCatalog> catalogOption(const CommandLine &cl);

} // namespace Cli
} // namespace Railyard
