#include "core/common/outputfile.h"

#include <sys/stat.h>

namespace Railyard {

OutputFile::OutputFile(const QString &path)
    : m_path(path)
{ }

OutputFile::~OutputFile() = default;

bool OutputFile::open(QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    struct stat st = {};
    const bool exists = ::stat(QFile::encodeName(m_path).constData(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return fail(QStringLiteral("is a directory, not a file"));
    if (exists && !S_ISREG(st.st_mode)) {
        // Renaming a temporary file over a device node or FIFO would replace it
        // with a regular file (as root, -o /dev/null would destroy /dev/null).
        m_direct = std::make_unique<QFile>(m_path);
        if (!m_direct->open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return fail(QStringLiteral("cannot open for writing: %1").arg(m_direct->errorString()));
        return true;
    }
    m_save = std::make_unique<QSaveFile>(m_path);
    if (!m_save->open(QIODevice::WriteOnly))
        return fail(QStringLiteral("cannot open for writing: %1").arg(m_save->errorString()));
    return true;
}

QIODevice &OutputFile::device()
{
    if (m_direct)
        return *m_direct;
    return *m_save;
}

bool OutputFile::commit(QString *error)
{
    if (m_direct) {
        const bool ok = m_direct->error() == QFileDevice::NoError;
        if (!ok && error)
            *error = QStringLiteral("cannot write: %1").arg(m_direct->errorString());
        m_direct->close();
        return ok;
    }
    if (m_save && m_save->commit())
        return true;
    if (error)
        *error = QStringLiteral("cannot write: %1").arg(m_save ? m_save->errorString() : QStringLiteral("not open"));
    return false;
}

void OutputFile::cancel()
{
    if (m_save)
        m_save->cancelWriting();
    if (m_direct)
        m_direct->close();
}

bool writeOutputFile(const QString &path, const QByteArray &bytes, QString *error)
{
    OutputFile file(path);
    if (!file.open(error))
        return false;
    if (file.device().write(bytes) != bytes.size()) {
        if (error)
            *error = QStringLiteral("cannot write: %1").arg(file.device().errorString());
        file.cancel();
        return false;
    }
    return file.commit(error);
}

} // namespace Railyard
