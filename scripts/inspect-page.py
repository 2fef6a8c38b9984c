#!/usr/bin/env python3
"""Opens the Conductor Inspector's page in headless Chromium (Playwright driving Debian's chromium) and checks what a
person would look for: the timeline's events, a state diff, the coordinator tree with the visible flow, the stacks,
time travel there and back, and the import of a recording of 5,000 intents (about 500 KB, sent in chunks). Saves the page's DOM and a screenshot. Used by scripts/inspect-browser.

Usage: inspect-page.py URL OUTPUT_DIR CHROMIUM
"""
import sys

from playwright.sync_api import sync_playwright

url, out, chromium = sys.argv[1], sys.argv[2], sys.argv[3]
problems = []


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
    expect(page.locator('[data-stack="main"]').count() == 1, "no main stack")
    expect("Item #1" in page.inner_text("#stacks"), "the item's screen is not on a stack")
    page.screenshot(path=f"{out}/inspector.png")

    # Select the command that saved Milk: its details name it.
    page.locator('#timeline li[data-kind="command"]', has_text="Save").first.click()
    expect("Save" in page.inner_text("#details"), "selecting a command does not show it")

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

    # The exports, as the page's links give them, before the import fills the timeline.
    for name, path in [("session.jsonl", "export.jsonl"), ("InspectedSessionTests.swift", "export-test.swift")]:
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
print("inspect-page: timeline, diff, coordinator tree, stacks, time travel and a 5,000-intent import shown; "
      "screenshots saved")
