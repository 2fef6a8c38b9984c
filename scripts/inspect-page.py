#!/usr/bin/env python3
"""Opens the Conductor Inspector's page in headless Chromium (Playwright driving Debian's chromium) and checks what a
person would look for: the timeline's events, a state diff, the coordinator tree with the visible flow, the stacks,
time travel there and back, and the import of a recording of 5,000 intents (about 500 KB, sent in chunks). Saves the page's DOM and a screenshot. Used by scripts/inspect-browser.

Usage: inspect-page.py URL OUTPUT_DIR CHROMIUM DEMO_INPUT DEMO_LOG

DEMO_INPUT is the FIFO the demo reads its lines from, DEMO_LOG what it prints: while the page travels in time, a line
typed into the demo shows the screen travel restored.
"""
import sys
import time

from playwright.sync_api import sync_playwright

url, out, chromium, demo_input, demo_log = sys.argv[1:6]
problems = []


def screen_after_typing(line, header):
    """Types `line` into the demo and waits for a screen header starting with `header` after it; whether it came."""
    with open(demo_log, encoding="utf-8") as log:
        before = len(log.read())
    with open(demo_input, "w", encoding="utf-8") as fifo:
        fifo.write(line + "\n")
    for _ in range(100):
        with open(demo_log, encoding="utf-8") as log:
            printed = log.read()[before:]
        if any(row.startswith(header) for row in printed.splitlines()):
            return True
        time.sleep(0.1)
    return False


def expect(condition, what):
    if not condition:
        problems.append(what)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(url)
    page.wait_for_selector("#diff", timeout=20000)
    page.wait_for_selector('[data-coordinator="AppCoordinator"]', timeout=20000)

    for kind in ["command", "action", "intent", "navigation", "deepLink"]:
        count = page.locator(f'#timeline li[data-kind="{kind}"]').count()
        expect(count > 0, f"no {kind} in the timeline")
    expect(page.inner_text("#status") == "live", "the page is not live")
    expect("+" in page.inner_text("#diff") and "-" in page.inner_text("#diff"), "the diff shows no change")
    expect(page.locator("#state-after").count() == 1, "no state after the intent")
    expect(page.locator(".tree .node.active").count() >= 2, "the visible flow is not highlighted in the tree")
    expect(page.locator('[data-stack="window"]').count() == 1, "no window stack")
    expect("Item #1" in page.inner_text("#stacks"), "the item's screen is not on a stack")
    page.screenshot(path=f"{out}/inspector.png")

    # Select the command that saved Milk: its details name it.
    page.locator('#timeline li[data-kind="command"]', has_text="Save").first.click()
    expect("Save" in page.inner_text("#details"), "selecting a command does not show it")

    # Why is the item's screen showing? Its navigation event names the command that caused it, where it was performed
    # from, and the chain from the command to the push; the timeline marks every event of the trace.
    link = page.locator('#timeline li[data-kind="deepLink"]').last
    push = page.locator(f'#timeline li[data-sequence="{int(link.get_attribute("data-sequence")) + 1}"]')
    expect(push.get_attribute("data-kind") == "navigation", "the link's navigation does not follow it")
    push.click()
    page.locator("#cause").wait_for(timeout=10000)
    cause = page.inner_text("#cause")
    expect(cause.startswith("link conductor-demo://items/1") or cause.startswith("command "),
           f"the item's screen names no cause: {cause}")
    expect(page.locator("#chain li").count() >= 2, "the causal chain has fewer than two events")
    expect(page.locator("#timeline li.traced").count() >= 2, "the trace is not marked on the timeline")
    page.screenshot(path=f"{out}/inspector-causality.png")

    # Time travel to the first intent, then back.
    first_intent = page.locator('#timeline li[data-kind="intent"]').first
    first_intent.locator("button.travel").click()
    # Locator waits, not wait_for_function: the page's Content Security Policy forbids evaluating strings.
    page.locator("#status", has_text="time travel").wait_for(timeout=10000)
    expect(not page.locator("#resume").is_disabled(), "Resume live is not offered while travelling")
    page.screenshot(path=f"{out}/inspector-time-travel.png")
    page.locator("#resume").click()
    page.locator("#resume:disabled").wait_for(timeout=10000)
    expect(page.inner_text("#status") == "live", "resuming did not return to live")

    # Travel to a navigation event: the app's screens go back with the state (the sign-in screen, before login), and
    # come back on resume (the item opened last). Typing `help` makes the demo print the screen it shows.
    login = page.locator('#timeline li[data-kind="navigation"]', has_text="AuthCoordinator").first
    login.locator("button.travel").click()
    page.locator("#status", has_text="time travel").wait_for(timeout=10000)
    expect(screen_after_typing("help", "[Login] auth: Login"), "travel to the sign-in did not show the login screen")
    page.screenshot(path=f"{out}/inspector-navigation-travel.png")
    page.locator("#resume").click()
    page.locator("#resume:disabled").wait_for(timeout=10000)
    expect(screen_after_typing("help", "[Item #1]"), "resuming did not bring back the item's screen")

    # The exports, as the page's links give them, before the import fills the timeline.
    for name, path in [("session.jsonl", "export.jsonl"), ("InspectedSessionTests.swift", "export-test.swift"),
                       ("app-test.json", "export-app-test.json")]:
        response = page.request.get(url.replace("/?token=", f"/{path}?token="))
        expect(response.ok, f"{path} answered {response.status}")
        with open(f"{out}/{name}", "wb") as file:
            file.write(response.body())

    # Import a recording far larger than one socket message: the page sends it in chunks, the app shows its intents
    # to view and sends none of them to its database (scripts/inspect-browser checks the rows).
    line = '{"kind":"intent","payload":{"addItem":{"_0":"Imported %d"}},"type":"ConductorDemoKit.AppIntent"}\n'
    recording = "".join(line % n for n in range(5000)).encode()
    page.set_input_files("#import", files=[{"name": "big.jsonl", "mimeType": "application/jsonl", "buffer": recording}])
    page.locator("#timeline li", has_text="imported 5000 intent(s) to view").first.wait_for(timeout=60000)

    with open(f"{out}/page.html", "w", encoding="utf-8") as file:
        file.write(page.content())
    expect(not errors, f"the page reported errors: {errors}")
    browser.close()

if problems:
    print("inspect-page: " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
print("inspect-page: timeline, diff, coordinator tree, stacks, causality, time travel (state and screens) and a "
      "5,000-intent import shown; screenshots saved")
