"""`companion doctor`: the scanner's and screen's checks, and on a Raspberry Pi the kiosk's.

The command sits above both parts it asks, so neither imports the other:
`companion.scanner.doctor` checks cameras, decoders, display, touch and the
data folder on any machine; `companion.kiosk.probes` adds the Pi's lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import TextIO

from companion.kiosk import probes as pi_probes
from companion.phones.doctor import check_phones
from companion.scanner import doctor
from companion.subcommand import Subcommand


def report(probes: doctor.Probes | None = None,
           try_open: doctor.CameraProbe = doctor.probe_cameras,
           pi: pi_probes.PiProbes | None = None) -> list[doctor.Finding]:
    """Everything doctor checks; on a Raspberry Pi also the kiosk's checks."""
    return doctor.report(probes, try_open) + check_phones() + pi_probes.report(pi)


def _add_doctor_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="findings as JSON")


def run_doctor(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Print what was found and what to fix; exit 1 if anything needs fixing."""
    out = out or sys.stdout
    findings = report()
    if getattr(args, "json", False):
        print(json.dumps([asdict(f) for f in findings]), file=out)
    else:
        for finding in findings:
            print(f"{finding.area:8} {finding.found}", file=out)
            if finding.fix:
                print(f"{'':8}   To fix: {finding.fix}", file=out)
    return 1 if any(f.fix for f in findings) else 0


doctor_command = Subcommand(
    name="doctor", help="check cameras, decoders, display, touch and data folder",
    add_arguments=_add_doctor_arguments, run=lambda args: run_doctor(args),
)
