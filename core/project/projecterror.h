#pragma once

// The project file's error: the storage error of core/common, under the name
// the project API has always used.

#include "core/common/storageerror.h"

namespace Railyard {

using ProjectError = StorageError;

} // namespace Railyard
