#pragma once

#include "core/formats/fileformat.h"

#include <memory>
#include <vector>

namespace Railyard {

/// All fabric formats Railyard knows. Formats are registered explicitly in
/// the constructor (no static-initialiser magic); one instance serves the
/// whole program (FormatRegistry::instance()).
class FormatRegistry
{
public:
    static const FormatRegistry &instance();

    const std::vector<std::unique_ptr<FileFormat>> &formats() const { return m_formats; }
    /// Format by slug ("fabric-json", "graphml"); nullptr if unknown.
    const FileFormat *bySlug(const QString &slug) const;
    /// Format whose extension matches the end of fileName (case-insensitive,
    /// longest extension wins); nullptr if none.
    const FileFormat *forFileName(const QString &fileName) const;

    /// Bytes of a file's head that content detection looks at.
    static constexpr qint64 sniffBytes = 16 * 1024;

    /// What detect() concluded about a file.
    struct Detection
    {
        /// The format to read it with; null when none or several fit.
        const FileFormat *format = nullptr;
        /// Readable formats whose signature the content carries (several:
        /// ambiguous, the caller asks); empty when the content says nothing.
        std::vector<const FileFormat *> candidates;
        /// The format was told by the content (not only by the file name).
        bool byContent = false;
        /// The name's extension and the content disagree (format follows the content).
        const FileFormat *extensionFormat = nullptr;
    };
    /// Picks the format of a file from its first lines, the extension as a
    /// hint (docs/cli.md, "Import detection"): the one readable format whose
    /// signature the content carries; among several, the one the extension
    /// names, else none (ambiguous: candidates lists them); when the content
    /// carries no signature, the format of the extension.
    Detection detect(const QString &fileName, const QByteArray &head) const;
    /// detect() on the first sniffBytes of the file (an unreadable file: by name only).
    Detection detectFile(const QString &fileName) const;

    /// Opens and reads a file, picking the format from its content and name
    /// (detect()) unless formatSlug is given. Errors (unknown format, unreadable file, parse
    /// errors) come back in the result, each naming the file. Only a regular
    /// file of at most Limits::maxInputBytes is read (no FIFO or device); a
    /// folder is read by readFolder().
    ReadResult readFile(const QString &fileName, const QString &formatSlug = {},
                        const ReadOptions &options = {}) const;
    /// Reads a folder of files as one fabric (FileFormat::readFolder); without
    /// a slug, the first folder format that recognizes it.
    ReadResult readFolder(const QString &folder, const QString &formatSlug = {}) const;
    /// The folder format that recognizes `folder`, or null.
    const FileFormat *forFolder(const QString &folder) const;
    /// Writes a file atomically (QSaveFile), or into it when it is a device or
    /// FIFO (never renamed over). Returns false and sets *error.
    bool writeFile(const Fabric &fabric, const QString &fileName, QString *error,
                   const QString &formatSlug = {}) const;

    /// "Railyard fabric (*.fabric.json);;GraphML (*.graphml)" style filters.
    QString readFilter() const;
    QString writeFilter() const;
    /// The writable format whose writeFilter() entry is `filter`, or nullptr.
    const FileFormat *forWriteFilter(const QString &filter) const;
    /// The path a save dialog means: `path` when its name already says the
    /// chosen filter's format (or no filter was chosen and its name says a
    /// writable one); otherwise `path` with the chosen format's extension
    /// (a ".fabric.json" or other known extension it ends in replaced), or
    /// ".fabric.json" when nothing was chosen.
    QString pathForSave(const QString &path, const QString &selectedFilter) const;

private:
    FormatRegistry();
    std::vector<std::unique_ptr<FileFormat>> m_formats;
};

} // namespace Railyard
