import json
import xml.etree.ElementTree as ET

from symdp.engine.run.serialize import summary, to_json, to_junit
from symdp.engine.model.status import Status


def test_json_shape(catalogue_results):
    doc = json.loads(to_json(catalogue_results))
    assert set(doc["summary"]) == {s.value for s in Status}
    d = doc["derivations"][0]
    assert {"id", "title", "source", "status", "claims"} <= set(d)
    assert set(d["source"]) == {"paper", "where"}
    assert {"id", "status", "method", "detail"} <= set(d["claims"][0])


def test_junit_has_one_testcase_per_claim(catalogue_results):
    root = ET.fromstring(to_junit(catalogue_results))
    n = sum(summary(catalogue_results).values())
    assert len(root.findall("testcase")) == n
    assert root.get("failures") == "0"
