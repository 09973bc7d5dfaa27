#pragma once

// Internal to the project file's code (core/project and the stores that keep
// their tables in it, such as core/intents/intentstore): the exception the
// SQLite helpers and table code throw, and guardedProjectCall, which catches
// it at an API boundary and turns it into a ProjectError.

#include "core/project/projecterror.h"

#include <QString>

#include <exception>
#include <new>
#include <optional>

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

/// Runs body and returns its value; a ProjectException (or running out of
/// memory) becomes *error, naming the file, and std::nullopt.
template<typename Body>
auto guardedProjectCall(const QString &file, ProjectError *error, Body &&body) -> std::optional<decltype(body())>
{
    try {
        return body();
    } catch (const ProjectException &e) {
        if (error)
            *error = ProjectError{e.kind(), file, e.message()};
    } catch (const std::bad_alloc &) {
        if (error)
            *error = ProjectError{ProjectError::Kind::Io, file, QStringLiteral("out of memory")};
    }
    return std::nullopt;
}

} // namespace Railyard
