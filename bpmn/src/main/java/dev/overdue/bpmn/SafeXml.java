package dev.overdue.bpmn;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A file is read once by a parser that fetches nothing — no document type, no external entity, no
 * schema a {@code xsi:schemaLocation} names — before Camunda's model reads it: a BPMN file comes
 * from anywhere, and the model's validating parser would otherwise follow such a hint over the
 * network. What it passes on is the same document without those hints.
 */
final class SafeXml {
  private SafeXml() {}

  static final String BPMN = "http://www.omg.org/spec/BPMN/20100524/MODEL";
  private static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;

  /** The document in {@code in}, without schema hints, when it is a BPMN 2.0 {@code definitions}. */
  static byte[] bpmn(InputStream in, String fileName) throws BpmnImportException {
    Document document;
    try {
      DocumentBuilder builder = factory().newDocumentBuilder();
      builder.setErrorHandler(new DefaultHandler()); // errors are thrown, not printed
      document = builder.parse(in);
    } catch (SAXException e) {
      if (String.valueOf(e.getMessage()).contains("DOCTYPE")) {
        throw new BpmnImportException(fileName + " declares a document type (<!DOCTYPE …>), which a BPMN file"
            + " never needs and the import does not read (it could fetch files or expand without end)");
      }
      throw new BpmnImportException(fileName + " is not well-formed XML: " + e.getMessage());
    } catch (IOException | ParserConfigurationException e) {
      throw new BpmnImportException("cannot read " + fileName + ": " + e.getMessage());
    }
    Element root = document.getDocumentElement();
    if (!BPMN.equals(root.getNamespaceURI()) || !"definitions".equals(root.getLocalName())) {
      throw new BpmnImportException(fileName + " is not a BPMN 2.0 file: its root element is <" + root.getTagName()
          + ">, not BPMN's <definitions> (" + BPMN + ")");
    }
    NodeList elements = document.getElementsByTagNameNS("*", "*");
    for (int i = 0; i < elements.getLength(); i++) {
      Element element = (Element) elements.item(i);
      element.removeAttributeNS(XSI, "schemaLocation");
      element.removeAttributeNS(XSI, "noNamespaceSchemaLocation");
    }
    try {
      TransformerFactory transformers = TransformerFactory.newInstance();
      transformers.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      transformers.newTransformer().transform(new DOMSource(document), new StreamResult(out));
      return out.toByteArray();
    } catch (TransformerException e) {
      throw new BpmnImportException("cannot read " + fileName + ": " + e.getMessage());
    }
  }

  private static DocumentBuilderFactory factory() throws ParserConfigurationException {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
    factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    factory.setXIncludeAware(false);
    factory.setExpandEntityReferences(false);
    factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    return factory;
  }
}
