#pragma once

// Helpers of the GUI tests that drive the real window: act on the modal
// dialog or popup menu a click opens (exec() only returns once acted on).

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QMenu>
#include <QTimer>

#include <functional>
#include <memory>

namespace Railyard {

/// Runs act on the next modal widget of type W once it shows (polls for 5 s):
/// the tools open their dialogs with exec(), which only returns once acted on.
template<typename W>
inline void whenModal(std::function<void(W *)> act, bool *seen = nullptr)
{
    auto *timer = new QTimer;
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    if (seen)
        *seen = false;
    QObject::connect(timer, &QTimer::timeout, [timer, act, clock, seen] {
        auto *w = qobject_cast<W *>(QApplication::activeModalWidget());
        if (!w && clock->elapsed() < 5000)
            return;
        timer->stop();
        timer->deleteLater();
        if (w) {
            if (seen)
                *seen = true;
            act(w);
        }
    });
    timer->start(10);
}

/// Runs act on the next popup menu once it shows.
inline void whenMenu(std::function<void(QMenu *)> act)
{
    auto *timer = new QTimer;
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QObject::connect(timer, &QTimer::timeout, [timer, act, clock] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu && clock->elapsed() < 5000)
            return;
        timer->stop();
        timer->deleteLater();
        if (menu)
            act(menu);
    });
    timer->start(10);
}

inline QAction *actionNamed(QMenu *menu, const QString &startsWith)
{
    for (QAction *a : menu->actions())
        if (a->text().remove(QLatin1Char('&')).startsWith(startsWith))
            return a;
    return nullptr;
}

} // namespace Railyard
