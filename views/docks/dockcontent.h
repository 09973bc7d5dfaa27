#pragma once

// The body of a dock whose content may be taller than the dock: a frameless,
// resizing scroll area around one content widget with a vertical layout.

#include <QDockWidget>
#include <QFrame>
#include <QMargins>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QWidget>

namespace Railyard {

/// Installs the scroll area as `dock`'s widget and returns the content's
/// layout (its parentWidget() is the content, the parent for child widgets).
/// spacing < 0 keeps the style's.
inline QVBoxLayout *scrollingDockContent(QDockWidget *dock, const QMargins &margins, int spacing = -1)
{
    auto *scroll = new QScrollArea(dock);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(margins);
    if (spacing >= 0)
        layout->setSpacing(spacing);
    scroll->setWidget(content);
    dock->setWidget(scroll);
    return layout;
}

} // namespace Railyard
