#include <canvas/headlesswait.h>

#include <QEventLoop>
#include <QTimer>

namespace Tessera {

void waitHeadless(const std::function<bool()> &done, int timeoutMs)
{
    if (done())
        return;
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(20);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    tick.start();
    loop.exec();
}

} // namespace Tessera
