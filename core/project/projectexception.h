#pragma once

// Internal to core/project: the exception the SQLite helpers and table code
// throw; ProjectFile catches it at its API boundary and turns it into a
// ProjectError. Nothing outside core/project sees it.

#include "core/project/projecterror.h"

#include <QString>

#include <exception>

namespace Railyard {

/// A failed project operation: the kind and the message without the file name.
class ProjectException : public std::exception
{
public:
    ProjectException(ProjectError::Kind kind, QString message)
        : m_kind(kind)
        , m_message(std::move(message))
    { }

    ProjectError::Kind kind() const { return m_kind; }
    const QString &message() const { return m_message; }
    const char *what() const noexcept override { return "project error"; }

private:
    ProjectError::Kind m_kind;
    QString m_message;
};

} // namespace Railyard
