#pragma once

// The folder file dialogs start in: where the user last opened or saved a
// file (setting "lastDirectory"), shared by every dialog of the window.

#include <QString>

namespace Railyard {

/// The folder of the last file opened or saved, empty before any.
QString lastDirectory();
/// Remembers the folder of `filePath` (a file, not a folder).
void rememberDirectoryOf(const QString &filePath);

} // namespace Railyard
