package io.webserveroperator.template.syntax;

import com.hubspot.jinjava.el.ExtendedSyntaxBuilder;
import com.hubspot.jinjava.el.ext.AdditionOperator;
import com.hubspot.jinjava.el.ext.AstTuple;
import com.hubspot.jinjava.el.ext.CollectionMembershipOperator;
import com.hubspot.jinjava.el.ext.CollectionNonMembershipOperator;
import com.hubspot.jinjava.el.ext.ExtendedParser;
import com.hubspot.jinjava.el.ext.PowerOfOperator;
import com.hubspot.jinjava.el.ext.StringConcatOperator;
import com.hubspot.jinjava.el.ext.TruncDivOperator;
import com.hubspot.jinjava.objects.collections.PyList;
import io.webserveroperator.template.python.PythonOperators;
import io.webserveroperator.template.python.PythonSlice;
import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.python.PythonTuple;
import io.webserveroperator.template.python.TemplateFailure;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import jinjava.de.odysseus.el.misc.TypeConverter;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.Builder;
import jinjava.de.odysseus.el.tree.impl.Builder.Feature;
import jinjava.de.odysseus.el.tree.impl.Parser;
import jinjava.de.odysseus.el.tree.impl.Parser.ExtensionHandler;
import jinjava.de.odysseus.el.tree.impl.Parser.ExtensionPoint;
import jinjava.de.odysseus.el.tree.impl.Parser.ParseException;
import jinjava.de.odysseus.el.tree.impl.Scanner;
import jinjava.de.odysseus.el.tree.impl.Scanner.ScanException;
import jinjava.de.odysseus.el.tree.impl.Scanner.Symbol;
import jinjava.de.odysseus.el.tree.impl.ast.AstBinary;
import jinjava.de.odysseus.el.tree.impl.ast.AstFunction;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstNumber;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;
import jinjava.de.odysseus.el.tree.impl.ast.AstProperty;
import jinjava.de.odysseus.el.tree.impl.ast.AstString;
import jinjava.de.odysseus.el.tree.impl.ast.AstUnary;
import jinjava.javax.el.ELContext;

/**
 * jinjava's expression syntax with Python's binary operators ({@link PythonOperators}): the parser
 * builds the same tree, but {@code + - * / % ** ~ == != < <= > >= in and} evaluate as Python does,
 * and comparisons chain ({@code 1 < x < 5} is {@code 1 < x and x < 5}). Where jinjava's grammar is
 * not Jinja2's, it is Jinja2's: literals as {@link PythonScanner} reads them (an integer too large
 * for a long is a BigInteger), slices with a step ({@link PythonSlice}), {@code not} below the
 * comparisons ({@code not 'x' in s} is {@code not ('x' in s)}), filters and tests in any order
 * ({@code x | default(none) is none}), {@code x.0} for {@code x[0]} and {@code 'a' 'b'} for {@code
 * 'ab'}. Filters are parsed where jinjava's natural operator precedence, which the engine turns on,
 * parses them.
 *
 * <p>Public, with a public constructor, because the expression factory instantiates it by name with
 * the features it was configured with.
 */
public final class PythonSyntaxBuilder extends ExtendedSyntaxBuilder {

  private static final long serialVersionUID = 1L;

  public PythonSyntaxBuilder(Feature... features) {
    super(features);
  }

  @Override
  protected Parser createParser(String expression) {
    return new PythonParser(this, expression);
  }

  private static final class PythonParser extends ExtendedParser {

    /** The most digits Python converts between a decimal text and an int. */
    private static final int MAX_DECIMAL_DIGITS = 4300;

    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private static final Map<AstBinary.Operator, AstBinary.Operator> PYTHON =
        Map.ofEntries(
            Map.entry(AdditionOperator.OP, simple(PythonOperators::add)),
            Map.entry(AstBinary.ADD, simple(PythonOperators::add)),
            Map.entry(AstBinary.SUB, simple(PythonOperators::subtract)),
            Map.entry(AstBinary.MUL, simple(PythonOperators::multiply)),
            Map.entry(AstBinary.DIV, simple(PythonOperators::divide)),
            Map.entry(AstBinary.MOD, simple(PythonOperators::modulo)),
            Map.entry(AstBinary.EQ, simple(PythonOperators::equal)),
            Map.entry(AstBinary.NE, simple((a, b) -> !PythonOperators.equal(a, b))),
            Map.entry(AstBinary.LT, simple((a, b) -> PythonOperators.compare(a, b) < 0)),
            Map.entry(AstBinary.LE, simple((a, b) -> PythonOperators.compare(a, b) <= 0)),
            Map.entry(AstBinary.GT, simple((a, b) -> PythonOperators.compare(a, b) > 0)),
            Map.entry(AstBinary.GE, simple((a, b) -> PythonOperators.compare(a, b) >= 0)),
            Map.entry(AstBinary.AND, new And()));

    PythonParser(Builder builder, String input) {
      super(builder, input);
      putExtensionHandler(
          CollectionMembershipOperator.TOKEN,
          binary(ExtensionPoint.CMP, (a, b) -> PythonOperators.contains(b, a)));
      putExtensionHandler(
          CollectionNonMembershipOperator.TOKEN,
          binary(ExtensionPoint.CMP, (a, b) -> !PythonOperators.contains(b, a)));
      putExtensionHandler(
          StringConcatOperator.TOKEN,
          binary(ExtensionPoint.ADD, (a, b) -> PythonOperators.concat(a, b)));
      putExtensionHandler(
          PowerOfOperator.TOKEN, binary(ExtensionPoint.MUL, PythonOperators::power));
      putExtensionHandler(
          TruncDivOperator.TOKEN, binary(ExtensionPoint.MUL, PythonOperators::floorDivide));
    }

    /** Python's unary {@code +}, beside jinjava's {@code -} and {@code not}. */
    @Override
    protected AstNode unary(boolean required) throws ScanException, ParseException {
      if (at(Symbol.PLUS)) {
        consumeToken();
        return createAstUnary(unary(true), POSITIVE);
      }
      return super.unary(required);
    }

    /**
     * Items of a list, tuple or call, with the trailing comma Python allows ({@code [1, 2,]}) and
     * unpacking ({@code f(*items, **options)}).
     */
    @Override
    protected AstParameters params(Symbol left, Symbol right) throws ScanException, ParseException {
      consumeToken(left);
      List<Object> items = new ArrayList<>();
      Object item = item(false);
      while (item != null) {
        items.add(item);
        if (!at(Symbol.COMMA)) {
          break;
        }
        consumeToken();
        item = at(right) ? null : item(true);
      }
      consumeToken(right);
      return items.stream().anyMatch(Unpacked.Marker.class::isInstance)
          ? new Unpacked.Arguments(items)
          : createAstParameters(items.stream().map(AstNode.class::cast).toList());
    }

    /** A call with unpacked arguments spreads them before it calls; any other is jinjava's. */
    @Override
    protected AstFunction createAstFunction(String name, int index, AstParameters params) {
      return params instanceof Unpacked.Arguments arguments
          ? new Unpacked.Call(name, index, arguments, context.isEnabled(Feature.VARARGS))
          : super.createAstFunction(name, index, params);
    }

    private Object item(boolean required) throws ScanException, ParseException {
      if (at(Symbol.MUL)) {
        consumeToken();
        return new Unpacked.Marker(expr(true), false);
      }
      if ("**".equals(getToken().getImage())) {
        consumeToken();
        return new Unpacked.Marker(expr(true), true);
      }
      return expr(required);
    }

    /** A tuple literal is a {@link PythonTuple}, which Python tells apart from a list. */
    @Override
    protected AstTuple createAstTuple(AstParameters parameters) {
      return new AstTuple(parameters) {
        @Override
        public Object eval(Bindings bindings, ELContext context) {
          return new PyList(new PythonTuple(((PyList) super.eval(bindings, context)).toList()));
        }
      };
    }

    @Override
    protected Scanner createScanner(String expression) {
      return new PythonScanner(expression);
    }

    @Override
    protected Number parseInteger(String image) {
      String digits = image.replace("_", "").toLowerCase(Locale.ROOT);
      int radix =
          switch (digits.length() > 1 ? digits.substring(0, 2) : "") {
            case "0x" -> 16;
            case "0o" -> 8;
            case "0b" -> 2;
            default -> 10;
          };
      String value = radix == 10 ? digits : digits.substring(2);
      if (radix == 10 && value.length() > MAX_DECIMAL_DIGITS) {
        // Python's own limit, which also keeps parsing and printing from taking quadratic time.
        throw new TemplateFailure(
            "an integer literal of "
                + value.length()
                + " digits is more than Python reads ("
                + MAX_DECIMAL_DIGITS
                + ")");
      }
      return PythonOperators.narrow(new BigInteger(value, radix));
    }

    @Override
    protected Number parseFloat(String image) {
      return Double.valueOf(image.replace("_", ""));
    }

    /** Python's {@code not} binds looser than the comparisons: {@code not a == b}. */
    @Override
    protected AstNode eq(boolean required) throws ScanException, ParseException {
      if (getToken().getSymbol() == Symbol.NOT) {
        consumeToken();
        return createAstUnary(eq(true), AstUnary.NOT);
      }
      return chain(super.eq(required), false);
    }

    /** Filters and tests follow a value in any number and order, as in Jinja2. */
    @Override
    protected AstNode filter(boolean required) throws ScanException, ParseException {
      AstNode v = unary(required);
      while (v != null) {
        if ("|".equals(getToken().getImage()) && lookahead(0).getSymbol() == Symbol.IDENTIFIER) {
          v = parseFiltersAsNestedMethods(v);
        } else if ("is".equals(getToken().getImage()) && isTest()) {
          v = test(v);
        } else {
          return v;
        }
      }
      return null;
    }

    private boolean isTest() throws ScanException, ParseException {
      return TEST_NAMES.contains(lookahead(0).getSymbol())
          || "not".equals(lookahead(0).getImage()) && TEST_NAMES.contains(lookahead(1).getSymbol());
    }

    /** {@code value is [not] name [argument]}, built as jinjava builds it. */
    private AstNode test(AstNode value) throws ScanException, ParseException {
      consumeToken(); // is
      boolean negated = "not".equals(getToken().getImage());
      if (negated) {
        consumeToken();
      }
      String name = consumeToken().getImage();
      List<AstNode> params = new ArrayList<>(List.of(value, interpreter()));
      AstNode argument = value();
      if (argument != null) {
        params.add(argument);
      }
      return createAstMethod(
          createAstDot(
              identifier(EXPTEST_PREFIX + name), negated ? "evaluateNegated" : "evaluate", true),
          createAstParameters(params));
    }

    /** jinjava's value, with Python's subscripts: {@code x[i]}, {@code x[a:b:c]}. */
    @Override
    protected AstNode value() throws ScanException, ParseException {
      boolean lvalue = true;
      AstNode v = nonliteral();
      if (v == null) {
        v = literal();
        if (v == null) {
          return null;
        }
        lvalue = false;
      }
      while (true) {
        switch (getToken().getSymbol()) {
          case DOT -> {
            consumeToken();
            if (at(Symbol.INTEGER)) {
              // x.0 is x[0], as in Jinja2.
              AstNode index = new AstNumber(parseInteger(consumeToken().getImage()));
              v = called(createAstBracket(v, index, lvalue, strict()));
            } else {
              v = called(createAstDot(v, attributeName(), lvalue));
            }
          }
          case LBRACK -> v = subscript(v, lvalue);
          default -> {
            return v;
          }
        }
      }
    }

    /**
     * The name after a dot. Jinja2 reads any word there as a name, so {@code spec.empty} or {@code
     * spec.not} is a field, where jinjava's scanner has made the word one of its operators.
     */
    private String attributeName() throws ScanException, ParseException {
      String image = getToken().getImage();
      if (!at(Symbol.IDENTIFIER) && image != null && WORD.matcher(image).matches()) {
        consumeToken();
        return image;
      }
      return consumeToken(Symbol.IDENTIFIER).getImage();
    }

    private AstNode subscript(AstNode base, boolean lvalue) throws ScanException, ParseException {
      consumeToken(); // [
      AstNode start = at(Symbol.COLON) ? null : expr(true);
      if (at(Symbol.RBRACK)) {
        consumeToken();
        return called(createAstBracket(base, start, lvalue, strict()));
      }
      consumeToken(Symbol.COLON);
      AstNode stop = at(Symbol.COLON) || at(Symbol.RBRACK) ? null : expr(true);
      AstNode step = null;
      if (at(Symbol.COLON)) {
        consumeToken();
        step = at(Symbol.RBRACK) ? null : expr(true);
      }
      consumeToken(Symbol.RBRACK);
      return new PythonSlice(base, start, stop, step);
    }

    /** The property, or a call of it when arguments follow: {@code x.items()}. */
    private AstNode called(AstProperty property) throws ScanException, ParseException {
      return at(Symbol.LPAREN) && context.isEnabled(Feature.METHOD_INVOCATIONS)
          ? createAstMethod(property, params())
          : property;
    }

    /** Adjacent string literals are one, as in Python: {@code 'a' 'b'} is {@code 'ab'}. */
    @Override
    protected AstNode literal() throws ScanException, ParseException {
      if (!at(Symbol.STRING) || lookahead(0).getSymbol() != Symbol.STRING) {
        return super.literal();
      }
      StringBuilder text = new StringBuilder();
      while (at(Symbol.STRING)) {
        text.append(consumeToken().getImage());
      }
      return new AstString(text.toString());
    }

    private boolean strict() {
      return !context.isEnabled(Feature.NULL_PROPERTIES);
    }

    private boolean at(Symbol symbol) {
      return getToken().getSymbol() == symbol;
    }

    /** Comparisons chain, as in Python: {@code a < b < c}, {@code a == b == c}. */
    @Override
    protected AstNode cmp(boolean required) throws ScanException, ParseException {
      return chain(super.cmp(required), true);
    }

    private AstNode chain(AstNode left, boolean ordering) throws ScanException, ParseException {
      AstNode v = left;
      while (v != null) {
        AstBinary.Operator operator =
            switch (getToken().getSymbol()) {
              case LT -> ordering ? AstBinary.LT : null;
              case LE -> ordering ? AstBinary.LE : null;
              case GT -> ordering ? AstBinary.GT : null;
              case GE -> ordering ? AstBinary.GE : null;
              case EQ -> ordering ? null : AstBinary.EQ;
              case NE -> ordering ? null : AstBinary.NE;
              default -> null;
            };
        if (operator == null) {
          return v;
        }
        consumeToken();
        v = createAstBinary(v, ordering ? add(true) : cmp(true), operator);
      }
      return v;
    }

    @Override
    protected AstBinary createAstBinary(AstNode left, AstNode right, AstBinary.Operator operator) {
      AstBinary.Operator python = PYTHON.getOrDefault(operator, operator);
      if (isComparison(operator)
          && left instanceof AstBinary chained
          && isComparison(chained.getOperator())) {
        // a < b < c is a < b and b < c, as in Python (b is evaluated twice here).
        AstNode middle = chained.getChild(1);
        return new AstBinary(chained, new AstBinary(middle, right, python), new And());
      }
      return new AstBinary(left, right, python);
    }

    private static boolean isComparison(AstBinary.Operator operator) {
      return operator == AstBinary.LT
          || operator == AstBinary.LE
          || operator == AstBinary.GT
          || operator == AstBinary.GE
          || operator == AstBinary.EQ
          || operator == AstBinary.NE
          || COMPARISONS.contains(operator);
    }

    /** What may follow {@code is} as a test's name: jinjava's list, {@code is in} included. */
    private static final Set<Symbol> TEST_NAMES =
        Set.of(
            Symbol.IDENTIFIER,
            Symbol.EQ,
            Symbol.NE,
            Symbol.LT,
            Symbol.LE,
            Symbol.GT,
            Symbol.GE,
            Symbol.TRUE,
            Symbol.FALSE,
            CollectionMembershipOperator.TOKEN.getSymbol());

    private static final Set<AstBinary.Operator> COMPARISONS =
        Set.of(
            PYTHON.get(AstBinary.LT),
            PYTHON.get(AstBinary.LE),
            PYTHON.get(AstBinary.GT),
            PYTHON.get(AstBinary.GE),
            PYTHON.get(AstBinary.EQ),
            PYTHON.get(AstBinary.NE));
  }

  /** Python's unary {@code +}: the number itself, an error on anything else. */
  private static final AstUnary.Operator POSITIVE =
      new AstUnary.SimpleOperator() {
        @Override
        protected Object apply(TypeConverter converter, Object value) {
          return PythonOperators.positive(value);
        }
      };

  private static ExtensionHandler binary(
      ExtensionPoint point, BiFunction<Object, Object, Object> body) {
    AstBinary.Operator operator = simple(body);
    return new ExtensionHandler(point) {
      @Override
      public AstNode createAstNode(AstNode... children) {
        return new AstBinary(children[0], children[1], operator);
      }
    };
  }

  private static AstBinary.Operator simple(BiFunction<Object, Object, Object> body) {
    return new AstBinary.SimpleOperator() {
      @Override
      protected Object apply(TypeConverter converter, Object a, Object b) {
        return body.apply(a, b);
      }
    };
  }

  /** Python's {@code and}: the left operand if it is false, else the right one. */
  private static final class And implements AstBinary.Operator {
    @Override
    public Object eval(Bindings bindings, ELContext context, AstNode left, AstNode right) {
      Object value = left.eval(bindings, context);
      return PythonTruth.of(value) ? right.eval(bindings, context) : value;
    }
  }
}
