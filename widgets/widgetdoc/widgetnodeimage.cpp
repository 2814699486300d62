#include <widgets/widgetdoc/widgetnodeimage.h>

#include <QBuffer>
#include <QImageReader>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>

#include <cards/dialects/widgetdocument.h>
#include <widgets/widgetdoc/widgetnodeicon.h>

namespace Tessera {

namespace {

// Draws a full image at its shown size (never scaled up; at most the width and kMaxHeight tall).
class ImageCanvas : public QWidget
{
public:
    explicit ImageCanvas(QWidget *parent)
        : QWidget(parent)
    {
        QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
    }

    void setImage(const QImage &image)
    {
        m_image = image;
        updateGeometry();
        update();
    }
    QSize shownSize(int width) const
    {
        const double scale = qMin(1.0, qMin(double(qMax(1, width)) / qMax(1, m_image.width()),
                                            double(WidgetNodeImage::kMaxHeight) / qMax(1, m_image.height())));
        return {qMax(1, qRound(m_image.width() * scale)), qMax(1, qRound(m_image.height() * scale))};
    }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return m_image.isNull() ? 0 : shownSize(width).height(); }
    QSize sizeHint() const override { return m_image.isNull() ? QSize() : shownSize(qMin(480, m_image.width())); }
    QSize minimumSizeHint() const override { return {1, 1}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (m_image.isNull())
            return;
        QPainter p(this);
        p.setRenderHint(QPainter::SmoothPixmapTransform);
        const QSize shown = shownSize(width());
        QRect target(QPoint(0, 0), shown);
        if (layoutDirection() == Qt::RightToLeft)
            target.moveRight(rect().right());
        p.drawImage(target, m_image);
    }

private:
    QImage m_image;
};

} // namespace

WidgetNodeImage::WidgetNodeImage(const QString &src, const QString &alt, Mode mode, bool loadRemote, QWidget *parent)
    : QWidget(parent)
    , m_mode(mode)
    , m_alt(alt)
    , m_loadRemote(loadRemote)
{
    setObjectName(QStringLiteral("widgetImage"));
    setAccessibleName(alt.isEmpty() ? tr("Image") : alt);
    if (!alt.isEmpty())
        setToolTip(alt);
    QSizePolicy policy(mode == Mode::Full ? QSizePolicy::Expanding : QSizePolicy::Fixed, QSizePolicy::Preferred);
    policy.setHeightForWidth(mode == Mode::Full);
    setSizePolicy(policy);
    if (mode == Mode::Thumbnail)
        setFixedSize(kThumbnail, kThumbnail);

    if (mode == Mode::Full) {
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(12, 10, 12, 10);
        layout->setSpacing(6);
        m_note = new QLabel(this);
        m_note->setObjectName(QStringLiteral("widgetImageNote"));
        m_note->setTextFormat(Qt::PlainText);
        m_note->setWordWrap(true);
        m_note->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(m_note);
        m_canvas = new ImageCanvas(this);
        m_canvas->setObjectName(QStringLiteral("widgetImageCanvas"));
        m_canvas->hide();
        layout->addWidget(m_canvas);
    }

    if (src.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
        QString error;
        const QImage image = decodeDataUri(src, &error);
        if (image.isNull())
            setNote(tr("Image could not be shown (%1): %2").arg(error, alt));
        else
            setImage(image);
        return;
    }
    if (!isHttpsUrl(src)) {
        setNote(tr("Image not shown: only https:// and data: images are allowed. %1").arg(alt));
        return;
    }
    m_remote = true;
    m_url = QUrl(src);
    const QString host = m_url.host().isEmpty() ? tr("an unknown host") : m_url.host();
    if (mode == Mode::Thumbnail) {
        setToolTip(tr("%1 (image from %2, not loaded)").arg(alt, host));
        return;
    }
    setNote(tr("Image: %1 (from %2, not loaded: Tessera loads remote images only when you ask)").arg(alt, host));
    m_loadButton = new QPushButton(tr("Load image from %1").arg(host), this);
    m_loadButton->setObjectName(QStringLiteral("widgetImageLoad"));
    m_loadButton->setAutoDefault(false);
    m_loadButton->setEnabled(m_url.isValid() && !m_url.host().isEmpty());
    connect(m_loadButton, &QPushButton::clicked, this, &WidgetNodeImage::loadRemote);
    static_cast<QVBoxLayout *>(layout())->addWidget(m_loadButton, 0, Qt::AlignLeft);
}

QString WidgetNodeImage::note() const
{
    return m_note ? m_note->text() : toolTip();
}

void WidgetNodeImage::setNote(const QString &text)
{
    if (m_note) {
        m_note->setText(text);
        m_note->setVisible(!text.isEmpty());
    } else {
        setToolTip(text);
    }
}

QImage WidgetNodeImage::decodeBytes(const QByteArray &bytes, QString *error)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (size.isValid() && (size.width() > kMaxPixels || size.height() > kMaxPixels)) {
        *error = tr("larger than %1 px").arg(kMaxPixels);
        return {};
    }
    QImage image = reader.read();
    if (image.isNull()) {
        *error = reader.errorString();
        return {};
    }
    if (image.width() > kMaxPixels || image.height() > kMaxPixels) {
        *error = tr("larger than %1 px").arg(kMaxPixels);
        return {};
    }
    return image;
}

QImage WidgetNodeImage::decodeDataUri(const QString &uri, QString *error)
{
    const qsizetype comma = uri.indexOf(u',');
    if (!uri.startsWith(QLatin1String("data:"), Qt::CaseInsensitive) || comma < 0) {
        *error = tr("not a data URI");
        return {};
    }
    if (uri.size() > kWidgetMaxDataUri) {
        *error = tr("longer than %Ln character(s)", nullptr, int(kWidgetMaxDataUri));
        return {};
    }
    const QString header = uri.mid(5, comma - 5);
    const QByteArray data = uri.mid(comma + 1).toLatin1();
    QByteArray bytes;
    if (header.endsWith(QLatin1String(";base64"), Qt::CaseInsensitive)) {
        const auto decoded = QByteArray::fromBase64Encoding(data, QByteArray::Base64Encoding
                                                                      | QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            *error = tr("bad base64");
            return {};
        }
        bytes = *decoded;
    } else {
        bytes = QByteArray::fromPercentEncoding(data);
    }
    return decodeBytes(bytes, error);
}

void WidgetNodeImage::loadRemote()
{
    if (!m_remote || m_reply || hasImage())
        return;
    if (!m_network)
        m_network = new QNetworkAccessManager(this); // only now: nothing is fetched before the user asks
    QNetworkRequest request(m_url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setMaximumRedirectsAllowed(5);
    request.setTransferTimeout(30000);
    m_reply = m_network->get(request);
    if (m_loadButton) {
        m_loadButton->setEnabled(false);
        m_loadButton->setText(tr("Loading image from %1…").arg(m_url.host()));
    }
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::downloadProgress, this, [reply](qint64 received, qint64) {
        if (received > kMaxRemoteBytes)
            reply->abort();
    });
    connect(reply, &QNetworkReply::redirected, this, [reply](const QUrl &to) {
        if (to.scheme() != QLatin1String("https"))
            reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        QString error;
        QImage image;
        if (reply->error() != QNetworkReply::NoError) {
            error = reply->errorString();
        } else {
            const QByteArray bytes = reply->read(kMaxRemoteBytes + 1);
            if (bytes.size() > kMaxRemoteBytes)
                error = tr("larger than %1 MB").arg(kMaxRemoteBytes / (1024 * 1024));
            else
                image = decodeBytes(bytes, &error);
        }
        if (image.isNull()) {
            setNote(tr("Could not load the image from %1: %2").arg(m_url.host(), error));
            if (m_loadButton) {
                m_loadButton->setEnabled(true);
                m_loadButton->setText(tr("Load image from %1").arg(m_url.host()));
            }
            return;
        }
        setImage(image);
    });
}

void WidgetNodeImage::setImage(const QImage &image)
{
    m_image = image;
    if (m_note)
        m_note->hide();
    if (m_loadButton)
        m_loadButton->hide();
    if (m_canvas) {
        static_cast<ImageCanvas *>(m_canvas)->setImage(image);
        m_canvas->show();
    }
    if (layout()) {
        layout()->setContentsMargins(0, 0, 0, 0);
        layout()->invalidate();
    }
    updateGeometry();
    update();
    Q_EMIT imageChanged();
}

void WidgetNodeImage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_remote || m_network || hasImage())
        return;
    const QWidget *win = window();
    if (win && win->testAttribute(Qt::WA_DontShowOnScreen))
        return; // headless render: never fetch
    if (m_loadRemote)
        loadRemote();
}

int WidgetNodeImage::heightForWidth(int width) const
{
    if (m_mode == Mode::Thumbnail)
        return kThumbnail;
    return layout()->totalHeightForWidth(width);
}

QSize WidgetNodeImage::sizeHint() const
{
    if (m_mode == Mode::Thumbnail)
        return {kThumbnail, kThumbnail};
    return {360, heightForWidth(360)};
}

QSize WidgetNodeImage::minimumSizeHint() const
{
    return m_mode == Mode::Thumbnail ? QSize(kThumbnail, kThumbnail) : QSize(60, 20);
}

void WidgetNodeImage::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.setRenderHint(QPainter::Antialiasing);
    if (hasImage()) {
        if (m_mode == Mode::Thumbnail) { // object-contained in the square
            QRect target(QPoint(0, 0), m_image.size().scaled(size(), Qt::KeepAspectRatio));
            target.moveCenter(rect().center());
            p.drawImage(target, m_image);
        }
        return; // full images: the canvas child draws
    }
    // Placeholder: a dashed frame; thumbnails show a file glyph.
    p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
    p.setBrush(palette().color(QPalette::AlternateBase));
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    if (m_mode == Mode::Thumbnail)
        paintWidgetIcon(&p, QRectF(rect()).adjusted(11, 11, -11, -11), u"file", palette().color(QPalette::PlaceholderText));
}

} // namespace Tessera
