#!/usr/bin/python3
"""The window's accessible tree read through AT-SPI, the way Orca reads it (issue 18).

tst_atspi.py TESSERA SCRIPTEDBACKEND FIXTURE.jsonl

Starts, in a temporary directory, everything a screen reader's desktop has: Xvfb (a free display, by
-displayfd), a private D-Bus session bus that activates nothing, at-spi-bus-launcher (the accessibility
bus) and at-spi2-registryd; then Tessera on the xcb platform with Qt's AT-SPI bridge forced on, the
fixture open and connected to a scripted backend. pyatspi walks the application's tree, found by its
process id, and checks what a listener would hear:
  - cards named by their human kind names ("Item list", "Table", "Chart", "Code"), never a wire kind;
  - counts in plural forms ("1 item", "1 row, 2 columns"), never "(s)";
  - detail values named with their labels ("Entry: 3412");
  - neither "The agent is answering…" nor a Stop button in the tree while no turn runs; both there,
    showing, once a message is sent (so the check above can see them when they exist).
Every wait is bounded and the whole run has an alarm. Exit 0 passed, 1 failed, 77 skipped (a program
or python3-pyatspi is missing; ctest's SKIP_RETURN_CODE).
"""

import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77
WIRE_KINDS = ("text", "code", "alert", "detail", "item_list", "data_table", "metric_chart",
              "recommend_actions", "canvas", "json_render", "dorkos_ui")
LIBEXEC_DIRS = ("/usr/libexec", "/usr/lib/at-spi2-core", "/usr/lib/at-spi2")
WAIT_S = 30          # for each daemon and for the window to appear
RUN_ALARM_S = 180    # the whole test
MAX_NODES = 20000    # a tree walk stops here (a loop in a broken tree cannot hang the test)
ANSWERING = "The agent is answering"

# Answers nothing: the turn it starts stays open, so the turn indicator stays up while the tree is read.
BACKEND_SCRIPT = """{"expect":"user.message","contains":"Hello from AT-SPI"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message.delta","turnId":"t1","text":"Thinking"}}
{"hang":true}
"""


class Failure(Exception):
    pass


def find_program(name, dirs=()):
    for directory in dirs:
        path = os.path.join(directory, name)
        if os.access(path, os.X_OK):
            return path
    return shutil.which(name)


def read_line(fd, timeout_s, what):
    """One line from a pipe a daemon prints its address or display on, within timeout_s."""
    deadline = time.monotonic() + timeout_s
    data = b""
    while b"\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            raise Failure(f"{what} printed nothing within {timeout_s} s")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            raise Failure(f"{what} exited before printing its address")
        data += chunk
    return data.split(b"\n", 1)[0].decode().strip()


def wait_until(what, done, timeout_s=WAIT_S, interval_s=0.2):
    deadline = time.monotonic() + timeout_s
    last_error = None
    while time.monotonic() < deadline:
        try:
            result = done()
            if result:
                return result
        except Exception as error:  # a D-Bus call to a daemon still starting
            last_error = error
        time.sleep(interval_s)
    raise Failure(f"{what} within {timeout_s} s" + (f" (last error: {last_error})" if last_error else ""))


class Desktop:
    """The daemons and Tessera, all children of this test; stop() ends every one of them."""

    def __init__(self, root):
        self.root = root
        self.processes = []

    def start(self, args, env, name, pass_fds=(), stdout=None):
        log = open(os.path.join(self.root, name + ".log"), "wb")
        process = subprocess.Popen(args, env=env, stdout=stdout if stdout is not None else log, stderr=log,
                                   stdin=subprocess.DEVNULL, pass_fds=pass_fds, start_new_session=True)
        self.processes.append((name, process))
        return process

    def log(self, name):
        try:
            with open(os.path.join(self.root, name + ".log"), "rb") as f:
                return f.read().decode(errors="replace")[-4000:]
        except OSError:
            return ""

    def stop(self):
        for name, process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=5)


def connect(address):
    from gi.repository import Gio
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def call(connection, destination, path, interface, method, args, reply_type):
    from gi.repository import Gio, GLib
    reply = connection.call_sync(destination, path, interface, method, args, GLib.VariantType(reply_type),
                                 Gio.DBusCallFlags.NONE, 2000, None)
    return reply.unpack()[0]


def wait_for_name(address, bus_name, what):
    """Polls one connection (not one per try: a new client every 200 ms kept the registry from
    finishing its start) until bus_name has an owner."""
    from gi.repository import GLib
    connection = wait_until(f"cannot connect to the bus of {what}", lambda: connect(address))
    try:
        wait_until(f"{what} did not take {bus_name}",
                   lambda: call(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                "NameHasOwner", GLib.Variant("(s)", (bus_name,)), "(b)"))
    finally:
        connection.close_sync(None)


def accessibility_bus_address(session_address):
    connection = connect(session_address)
    try:
        return call(connection, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, "(s)")
    finally:
        connection.close_sync(None)


class Node:
    def __init__(self, accessible, depth):
        import pyatspi
        self.accessible = accessible
        self.depth = depth
        self.role = accessible.getRoleName()
        self.name = accessible.name or ""
        self.description = accessible.description or ""
        self.showing = accessible.getState().contains(pyatspi.STATE_SHOWING)

    def __repr__(self):
        return f"[{self.role}] {self.name!r} ({self.description!r}){'' if self.showing else ' hidden'}"


def walk(root):
    """Every node under root, depth first, at most MAX_NODES, read afresh: libatspi caches what it read
    and a tree read before the window was shown would stay hidden and empty."""
    root.clear_cache()
    nodes = []
    stack = [(root, 0)]
    while stack and len(nodes) < MAX_NODES:
        accessible, depth = stack.pop()
        node = Node(accessible, depth)
        nodes.append(node)
        children = [accessible.getChildAtIndex(i) for i in range(accessible.childCount)]
        stack.extend((child, depth + 1) for child in reversed(children) if child is not None)
    return nodes


def application_of(pid):
    import pyatspi
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.get_process_id() == pid:
            return app
    return None


def card_tree_ready(app):
    nodes = walk(app)
    if any(n.role == "frame" and n.name == "Details: TITAN" for n in nodes):
        return nodes
    return None


class Checks:
    def __init__(self):
        self.failures = []

    def expect(self, condition, message):
        print(("ok    " if condition else "FAIL  ") + message)
        if not condition:
            self.failures.append(message)


def check_idle_tree(nodes, checks):
    cards = {n.name: n for n in nodes if n.role == "frame" and n.depth > 1}
    for name, description in (("Item list", "1 item"), ("Table", "1 row, 2 columns"), ("Chart", None),
                              ("Code", None), ("Details: TITAN", "2 fields")):
        card = cards.get(name)
        checks.expect(card is not None, f"a card is announced as {name!r}")
        if card is not None and description is not None:
            checks.expect(card.description == description,
                          f"{name!r} says {description!r} (heard {card.description!r})")
    wire = [n for n in nodes if n.name.strip() in WIRE_KINDS or n.description.strip() in WIRE_KINDS
            or any(n.name.startswith(kind + ":") for kind in WIRE_KINDS)]
    checks.expect(not wire, f"no node is announced by a wire kind (found {wire})")
    plural = [n for n in nodes if "(s)" in n.name or "(s)" in n.description]
    checks.expect(not plural, f"no name or description says \"(s)\" (found {plural})")
    names = [n.name for n in nodes]
    for label in ("Entry: 3412", "Stop: 3280"):
        checks.expect(label in names, f"a detail value is announced with its label: {label!r}")
    checks.expect("3412" not in names, "the bare value '3412' is not announced on its own")
    answering = [n for n in nodes if ANSWERING in n.name or ANSWERING in n.description]
    checks.expect(not answering, f"no \"{ANSWERING}…\" while no turn runs (found {answering})")
    stop = [n for n in nodes if n.role == "push button" and "stop" in (n.name + " " + n.description).lower()]
    checks.expect(not stop, f"no Stop button while no turn runs (found {stop})")


def send_message(nodes, text):
    import pyatspi
    composer = next((n for n in nodes if n.role == "text" and n.name == "Composer"), None)
    send = next((n for n in nodes if n.role == "push button" and n.name == "Send"), None)
    if composer is None or send is None:
        raise Failure("no Composer text or Send button in the tree")
    composer.accessible.queryEditableText().setTextContents(text)
    action = send.accessible.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    index = names.index("Press") if "Press" in names else 0
    if not action.doAction(index):
        raise Failure(f"the Send button's action failed (actions {names})")


def check_busy_tree(app, checks):
    def indicator():
        nodes = walk(app)
        answering = [n for n in nodes if ANSWERING in n.name and n.showing]
        stop = [n for n in nodes if n.role == "push button" and n.name.lower().startswith("stop") and n.showing]
        return (answering, stop) if answering and stop else None

    answering, stop = wait_until("the turn indicator did not appear after sending", indicator)
    checks.expect(bool(answering), f"while a turn runs \"{ANSWERING}…\" is in the tree: {answering[0]}")
    checks.expect(bool(stop), f"while a turn runs its Stop button is in the tree: {stop[0]}")


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tessera, backend, fixture = (os.path.abspath(arg) for arg in sys.argv[1:4])
    programs = {"Xvfb": find_program("Xvfb"), "dbus-daemon": find_program("dbus-daemon"),
                "at-spi-bus-launcher": find_program("at-spi-bus-launcher", LIBEXEC_DIRS),
                "at-spi2-registryd": find_program("at-spi2-registryd", LIBEXEC_DIRS)}
    missing = [name for name, path in programs.items() if not path]
    if missing:
        print(f"SKIP: {', '.join(missing)} not installed (scripts/deps.sh installs xvfb, dbus-daemon, at-spi2-core)")
        return SKIP
    try:
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Gio  # noqa: F401  (python3-gi, a dependency of python3-pyatspi)
        import pyatspi  # noqa: F401  (connects lazily: the environment below is set before its first call)
    except (ImportError, ValueError) as error:
        print(f"SKIP: python3-pyatspi is not usable by {sys.executable}: {error}")
        return SKIP

    def on_alarm(signum, frame):
        raise Failure(f"the whole test ran longer than {RUN_ALARM_S} s")
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(RUN_ALARM_S)

    with tempfile.TemporaryDirectory(prefix="tessera-atspi-") as root:
        desktop = Desktop(root)
        try:
            return run(desktop, root, programs, tessera, backend, fixture)
        except Failure as failure:
            print(f"FAIL  {failure}")
            for name, _ in desktop.processes:
                text = desktop.log(name).strip()
                if text:
                    print(f"--- {name}.log ---\n{text}")
            return 1
        finally:
            signal.alarm(0)
            desktop.stop()


def run(desktop, root, programs, tessera, backend, fixture):
    for directory in ("home", "config", "data", "cache", "run", "tessera-data"):
        os.makedirs(os.path.join(root, directory), mode=0o700)
    env = dict(os.environ)
    env.update(HOME=os.path.join(root, "home"), XDG_CONFIG_HOME=os.path.join(root, "config"),
               XDG_DATA_HOME=os.path.join(root, "data"), XDG_CACHE_HOME=os.path.join(root, "cache"),
               XDG_RUNTIME_DIR=os.path.join(root, "run"), NO_AT_BRIDGE="0")
    for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "WAYLAND_DISPLAY", "DISPLAY"):
        env.pop(name, None)

    # Xvfb writes the display number it took to the given descriptor: no fixed number to collide on.
    read_fd, write_fd = os.pipe()
    desktop.start([programs["Xvfb"], "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                  env, "xvfb", pass_fds=(write_fd,))
    os.close(write_fd)
    env["DISPLAY"] = ":" + read_line(read_fd, WAIT_S, "Xvfb")
    os.close(read_fd)

    # A session bus of our own that activates nothing: every daemon on it is started here.
    config = os.path.join(root, "bus.conf")
    with open(config, "w") as f:
        f.write('<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"\n'
                ' "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">\n'
                f'<busconfig><type>session</type><listen>unix:dir={env["XDG_RUNTIME_DIR"]}</listen>'
                '<auth>EXTERNAL</auth><policy context="default"><allow send_destination="*" eavesdrop="true"/>'
                '<allow eavesdrop="true"/><allow own="*"/></policy></busconfig>\n')
    bus = desktop.start([programs["dbus-daemon"], "--config-file=" + config, "--nofork", "--nopidfile",
                         "--print-address=1"], env, "dbus-daemon", stdout=subprocess.PIPE)
    env["DBUS_SESSION_BUS_ADDRESS"] = read_line(bus.stdout.fileno(), WAIT_S, "dbus-daemon")
    os.environ.update(env)  # pyatspi, in this process, reads the same buses

    desktop.start([programs["at-spi-bus-launcher"], "--launch-immediately"], env, "at-spi-bus-launcher")
    wait_for_name(env["DBUS_SESSION_BUS_ADDRESS"], "org.a11y.Bus", "at-spi-bus-launcher")
    a11y_address = wait_until("the accessibility bus has no address",
                              lambda: accessibility_bus_address(env["DBUS_SESSION_BUS_ADDRESS"]))
    desktop.start([programs["at-spi2-registryd"]], env, "at-spi2-registryd")
    wait_for_name(a11y_address, "org.a11y.atspi.Registry", "at-spi2-registryd")
    print(f"desktop: DISPLAY={env['DISPLAY']}, accessibility bus {a11y_address.split(',')[0]}")

    script = os.path.join(root, "backend.jsonl")
    with open(script, "w") as f:
        f.write(BACKEND_SCRIPT)
    app_env = dict(env, QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1")
    app_process = desktop.start([tessera, "--data-dir", os.path.join(root, "tessera-data"),
                                 "--backend-cmd", f"{backend} {script}", fixture], app_env, "tessera")

    app = wait_until("Tessera did not appear on the accessibility bus", lambda: application_of(app_process.pid))
    nodes = wait_until("the window's cards did not appear in the accessible tree", lambda: card_tree_ready(app))
    # The backend connects after the window shows: read the idle tree once it says so.
    nodes = wait_until("the backend did not connect",
                       lambda: (lambda ns: ns if any(n.name.startswith("Connected to") for n in ns) else None)(walk(app)))
    print(f"tree: {len(nodes)} nodes, cards: "
          + ", ".join(f"{n.name!r} ({n.description!r})" for n in nodes if n.role == "frame" and n.depth > 1))

    checks = Checks()
    check_idle_tree(nodes, checks)
    send_message(nodes, "Hello from AT-SPI")
    check_busy_tree(app, checks)
    if app_process.poll() is not None:
        raise Failure(f"tessera exited with {app_process.returncode}")
    if checks.failures:
        print(f"{len(checks.failures)} check(s) failed")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
