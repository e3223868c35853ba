"""Shut down and restart: the systemd backend's commands and sentences, and the stand-in."""

import subprocess
from pathlib import Path

import pytest

from companion import kiosk
from companion.kiosk import power


@pytest.fixture(autouse=True)
def _default_backend():
    power.use(None)
    yield
    power.use(None)


def _runner(returncode=0, stderr=""):
    calls = []

    def run(argv):
        calls.append(list(argv))
        return subprocess.CompletedProcess(argv, returncode, "", stderr)
    return run, calls


def test_is_kiosk_only_when_the_unit_says_so(monkeypatch):
    monkeypatch.setenv("COMPANION_KIOSK", "1")
    assert kiosk.is_kiosk()
    monkeypatch.setenv("COMPANION_KIOSK", "0")
    assert not kiosk.is_kiosk()
    monkeypatch.delenv("COMPANION_KIOSK")
    assert not kiosk.is_kiosk()


def test_systemd_backend_asks_systemctl_without_a_password_prompt():
    run, calls = _runner()
    backend = power.SystemdPower(run=run)
    backend.shutdown()
    backend.restart()
    assert calls == [["systemctl", "--no-ask-password", "poweroff"],
                     ["systemctl", "--no-ask-password", "reboot"]]


def test_a_refusal_is_one_sentence_naming_the_fix():
    run, _ = _runner(1, "Access denied\nmore detail")
    with pytest.raises(power.PowerError) as refused:
        power.SystemdPower(run=run).shutdown()
    message = str(refused.value)
    assert "refused to shut down (Access denied)" in message
    assert "deploy/setup.sh kiosk" in message and "more detail" not in message


def test_missing_systemctl_is_a_sentence_not_a_traceback():
    def run(argv):
        raise FileNotFoundError(2, "No such file or directory", "systemctl")
    with pytest.raises(power.PowerError, match="could not ask the system to restart"):
        power.SystemdPower(run=run).restart()


def test_outside_the_kiosk_the_screen_cannot_power_off_the_machine(monkeypatch):
    monkeypatch.delenv("COMPANION_KIOSK", raising=False)
    with pytest.raises(power.PowerError, match="only on the kiosk"):
        power.shutdown()


def test_on_the_kiosk_the_default_backend_is_systemd(monkeypatch):
    monkeypatch.setenv("COMPANION_KIOSK", "1")
    assert isinstance(power.backend(), power.SystemdPower)


def test_stand_in_records_requests_and_can_refuse():
    stand_in = power.StandInPower()
    power.use(stand_in)
    power.shutdown()
    power.restart()
    assert stand_in.requests == ["shutdown", "restart"]
    power.use(power.StandInPower(refusal="The system refused to restart."))
    with pytest.raises(power.PowerError, match="refused to restart"):
        power.restart()


def test_the_kiosk_and_the_app_agree_on_the_app_folder(tmp_path):
    env = {"COMPANION_CONFIG_DIR": str(tmp_path)}
    assert kiosk.settings_file(env) == tmp_path / "settings.json"
    from companion.ui.settings import config_path, load_settings

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COMPANION_CONFIG_DIR", str(tmp_path))
        assert config_path() == kiosk.settings_file(env)
    # What deploy/kiosk.sh seeds (printf '{"rotation": %s}'), the app reads.
    kiosk.settings_file(env).write_text('{"rotation": 180}\n')
    assert load_settings(kiosk.settings_file(env)).rotation == 180
    assert kiosk.kivy_home(env) == tmp_path / "kivy"
    assert kiosk.kivy_home({**env, "KIVY_HOME": "/elsewhere"}) == Path("/elsewhere")
