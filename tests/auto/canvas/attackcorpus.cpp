#include "attackcorpus.h"

namespace Tessera {

namespace {

struct Spec
{
    const char *name;
    const char *markup; // placed first in the body
    const char *script; // run in try/catch after the markup, then ran()
};

// %C http://127.0.0.1:PORT/NAME  %H http://127.0.0.1:PORT  %W ws://127.0.0.1:PORT/NAME
// %L http://localhost:PORT/NAME  %P PORT
const Spec kSpecs[] = {
    {"fetch", "", "fetch('%C').then(function(){leak('resolved');},function(){});"},
    {"fetch-localhost", "", "fetch('%L').then(function(){leak('resolved');},function(){});"},
    {"fetch-keepalive", "", "fetch('%C',{method:'POST',body:'x',keepalive:true,mode:'no-cors'}).then(function(){leak('resolved');},function(){});"},
    {"xhr", "", "var x=new XMLHttpRequest();x.open('GET','%C');x.onload=function(){leak('loaded');};x.send();"},
    {"xhr-sync", "", "var x=new XMLHttpRequest();x.open('GET','%C',false);try{x.send();if(x.status)leak('status');}catch(e){}"},
    {"img", "<img src='%C' onload=\"leak('loaded')\">", ""},
    {"img-script", "", "var i=new Image();i.onload=function(){leak('loaded');};i.src='%C';"},
    {"img-srcset", "<img srcset='%C 1x'>", ""},
    {"picture-source", "<picture><source srcset='%C'><img></picture>", ""},
    {"input-image", "<input type=image src='%C'>", ""},
    {"svg-image", "<svg width=10 height=10><image href='%C' width=10 height=10/></svg>", ""},
    {"css-background", "<div style=\"width:10px;height:10px;background:url('%C')\"></div>", ""},
    {"css-cursor-list", "<ul style=\"cursor:url('%C'),auto;list-style-image:url('%C')\"><li>x</li></ul>", ""},
    {"css-import", "<style>@import url('%C');</style>", ""},
    {"css-font-face", "<style>@font-face{font-family:evil;src:url('%C')}body{font-family:evil}</style>x", ""},
    {"css-injected-sheet", "", "var s=document.createElement('style');s.textContent=\"div{background:url('%C')}\";document.head.appendChild(s);document.body.appendChild(document.createElement('div'));"},
    {"link-stylesheet", "<link rel=stylesheet href='%C'>", ""},
    {"link-prefetch", "<link rel=prefetch href='%C'>", ""},
    {"link-preload", "<link rel=preload as=script href='%C'>", ""},
    {"link-modulepreload", "<link rel=modulepreload href='%C'>", ""},
    {"link-prerender", "<link rel=prerender href='%C'>", ""},
    {"link-dns-prefetch", "<link rel=dns-prefetch href='%H'>", ""},
    {"link-preconnect", "<link rel=preconnect href='%H'>", ""},
    {"link-icon", "<link rel=icon href='%C'>", ""},
    {"link-manifest", "<link rel=manifest href='%C'>", ""},
    {"script-src", "<script src='%C'></script>", ""},
    {"script-module", "<script type=module src='%C'></script>", ""},
    {"dynamic-import", "", "import('%C').then(function(){leak('imported');},function(){});"},
    {"iframe", "<iframe src='%C'></iframe>", ""},
    {"iframe-srcdoc", "<iframe srcdoc=\"<img src='%C'>\"></iframe>", ""},
    {"iframe-data", "<iframe src=\"data:text/html,<img src='%C'>\"></iframe>", ""},
    {"object", "<object data='%C'></object>", ""},
    {"embed", "<embed src='%C'>", ""},
    {"websocket", "", "var w=new WebSocket('%W');w.onopen=function(){leak('open');};"},
    {"websocket-localhost", "", "var w=new WebSocket('ws://localhost:%P/websocket-localhost');w.onopen=function(){leak('open');};"},
    {"eventsource", "", "var s=new EventSource('%C');s.onopen=function(){leak('open');};"},
    // sendBeacon returns true once queued, before the CSP check drops it: the canary is the judge.
    {"send-beacon", "", "navigator.sendBeacon('%C','x');"},
    {"worker", "", "new Worker('%C');"},
    {"worker-blob", "", "new Worker(URL.createObjectURL(new Blob([\"fetch('%C')\"],{type:'text/javascript'})));"},
    {"worker-data", "", "new Worker(\"data:text/javascript,fetch('%C')\");"},
    {"shared-worker", "", "new SharedWorker('%C');"},
    {"service-worker", "", "if(navigator.serviceWorker){navigator.serviceWorker.register('%C').then(function(){leak('registered');},function(){});}"},
    {"form-submit", "<form id=f action='%C' method=post><input name=a value=1></form>", "document.getElementById('f').submit();"},
    {"form-get-target-blank", "<form id=f action='%C' target=_blank><input name=a value=1></form>", "document.getElementById('f').submit();"},
    {"location-assign", "", "setTimeout(function(){location.href='%C';},0);"},
    {"location-replace", "", "setTimeout(function(){location.replace('%C');},0);"},
    {"location-other-canvas", "", "setTimeout(function(){location.href='tessera-canvas:doc/other';},0);"},
    {"location-reload", "", "setTimeout(function(){location.reload();},0);"},
    {"meta-refresh", "<meta http-equiv=refresh content=\"0;url=%C\">", ""},
    {"window-open", "", "var w=window.open('%C');if(w)leak('window');"},
    {"link-target-blank", "<a id=a href='%C' target=_blank>x</a>", "document.getElementById('a').click();"},
    {"link-click", "<a id=a href='%C'>x</a>", "setTimeout(function(){document.getElementById('a').click();},0);"},
    {"link-ping", "<a id=a href='#x' ping='%C'>x</a>", "document.getElementById('a').click();"},
    {"download-http", "<a id=d href='%C' download=x.txt>x</a>", "document.getElementById('d').click();"},
    {"download-data", "<a id=d href='data:text/plain,secret' download=secret.txt>x</a>", "document.getElementById('d').click();"},
    {"download-blob", "", "var a=document.createElement('a');a.href=URL.createObjectURL(new Blob(['secret']));a.download='b.txt';document.body.appendChild(a);a.click();"},
    {"video-src", "<video src='%C' autoplay muted></video>", ""},
    {"video-poster-track", "<video poster='%C'><track src='%C'></video>", ""},
    {"audio-src", "<audio src='%C' autoplay></audio>", ""},
    {"webrtc-stun", "", "var pc=new RTCPeerConnection({iceServers:[{urls:'stun:127.0.0.1:%P'}]});pc.createDataChannel('x');pc.createOffer().then(function(o){return pc.setLocalDescription(o);});leak('rtc-constructed');"},
    {"webrtc-webkit", "", "var pc=new webkitRTCPeerConnection({iceServers:[{urls:'turn:127.0.0.1:%P',username:'u',credential:'c'}]});pc.createDataChannel('x');pc.createOffer().then(function(o){return pc.setLocalDescription(o);});leak('rtc-constructed');"},
    {"media-devices", "", "if(navigator.mediaDevices)navigator.mediaDevices.getUserMedia({audio:true}).then(function(){leak('mic');},function(){});"},
    {"file-fetch", "", "fetch('file:///etc/hostname').then(function(r){return r.text();}).then(function(){leak('read');},function(){});"},
    {"file-xhr", "", "var x=new XMLHttpRequest();x.open('GET','file:///etc/hostname');x.onload=function(){leak('read');};x.send();"},
    {"file-iframe", "<iframe src='file:///etc/hostname'></iframe>", ""},
    {"file-img", "<img src='file:///usr/share/pixmaps/debian-logo.png' onload=\"leak('read')\">", ""},
    {"file-location", "", "setTimeout(function(){location.href='file:///etc/hostname';},0);"},
    {"parent-top", "", "if(window.top!==window||window.parent!==window||window.opener||window.frameElement)leak('framed');try{top.location.href='%C';}catch(e){}"},
    {"eval", "", "try{eval('1');leak('eval');}catch(e){}try{new Function('return 1')();leak('function');}catch(e){}"},
    {"storage-cookies", "", "try{document.cookie='a=1';if(document.cookie)leak('cookie');}catch(e){}try{localStorage.setItem('a','1');leak('localStorage');}catch(e){}try{if(indexedDB.open('x'))leak('indexedDB');}catch(e){}"},
    {"lib-scheme-fetch", "", "fetch('tessera-lib:echarts@1').then(function(){leak('library-readable');},function(){});"},
    {"doc-scheme-fetch", "", "fetch('tessera-canvas:doc/x').then(function(){leak('document-readable');},function(){});"},
    {"base-href", "<base href='%H/'><img src='base-href'>", ""},
    {"document-write", "", "document.write(\"<img src='%C'>\");"},
    {"navigator-clipboard", "", "if(navigator.clipboard)navigator.clipboard.readText().then(function(){leak('clipboard');},function(){});"},
    {"notification", "", "if(window.Notification)Notification.requestPermission().then(function(p){if(p==='granted')leak('granted');});"},
    {"geolocation", "", "navigator.geolocation.getCurrentPosition(function(){leak('position');},function(){});"},
    {"web-transport", "", "if(window.WebTransport){new WebTransport('https://127.0.0.1:%P/');leak('webtransport');}"},
};

QString expand(const char *text, const QString &name, quint16 port)
{
    QString out = QString::fromUtf8(text);
    const QString host = QStringLiteral("http://127.0.0.1:%1").arg(port);
    out.replace(QLatin1String("%C"), host + QLatin1Char('/') + name);
    out.replace(QLatin1String("%H"), host);
    out.replace(QLatin1String("%W"), QStringLiteral("ws://127.0.0.1:%1/").arg(port) + name);
    out.replace(QLatin1String("%L"), QStringLiteral("http://localhost:%1/").arg(port) + name);
    out.replace(QLatin1String("%P"), QString::number(port));
    return out;
}

} // namespace

QList<Attack> attackCorpus(quint16 port)
{
    QList<Attack> attacks;
    for (const Spec &spec : kSpecs) {
        const QString name = QString::fromLatin1(spec.name);
        QString html = QStringLiteral(
                           "<script>var L=[],N='%1';function ran(){document.title='ran '+N+(L.length?' leak:'+L.join(','):'');}"
                           "function leak(w){L.push(w);ran();}</script>")
                           .arg(name);
        html += expand(spec.markup, name, port);
        html += QStringLiteral("<script>try{") + expand(spec.script, name, port)
            + QStringLiteral("}catch(e){}ran();</script><p>attack %1</p>").arg(name);
        attacks.append({name, html});
    }
    return attacks;
}

} // namespace Tessera
